import Foundation
package import GRDB

/// A model property's default as a store holds it, for schemas without model types (read from an app's sources):
/// what the existing rows of an added attribute are filled with.
package enum StoredDefault: Hashable, Sendable {
    /// No value (NULL): `nil`.
    case null
    /// An integer or Bool column's value.
    case integer(Int64)
    /// A Double, Float or Date column's value.
    case real(Double)
    /// A String, URL, Decimal or JSON column's value.
    case text(String)
    /// A Data or UUID column's value.
    case blob(Data)
    /// `Date.now` or `Date()`: the time the stage's steps are made, one value for every row (SwiftData evaluates a
    /// model's defaults once, when it builds the schema).
    case currentDate
    /// `UUID()`: one new UUID, the same for every row (evaluated once, as `currentDate`).
    case newUUID
    /// An expression only the app's code can evaluate (a function call, an initializer of the app's type): existing
    /// rows are not filled, and the stage says so instead of failing.
    case unknown(expression: String)

    /// The default that stores `value` as it is (a value already in Strata's store format).
    package init(stored value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob(data)
        }
    }

    /// The value to store, evaluated now; nil for `.unknown`.
    var databaseValue: DatabaseValue? {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .blob(let value): value.databaseValue
        case .currentDate: Date().storedValue
        case .newUUID: UUID().storedValue
        case .unknown: nil
        }
    }
}
