import Foundation
import GRDB
import StrataAppleStores

/// What a raw SQLite value of an attribute must read as, stated from Core Data's documented encodings (dates as
/// seconds since 2001-01-01, UUIDs as 16-byte blobs, booleans as 0/1), independently of `AppleValue`'s decoding.
enum RawValues {
    /// The value a raw column value of an attribute of `kind` must read as.
    static func expected(_ raw: DatabaseValue, kind: AppleAttributeKind) -> AppleValue {
        switch (raw.storage, kind) {
        case (.null, _): .null
        case (.int64(let number), .boolean): .bool(number != 0)
        case (.int64(let seconds), .date): .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        case (.double(let seconds), .date): .date(Date(timeIntervalSinceReferenceDate: seconds))
        case (.int64(let number), .decimal): .decimal(Decimal(number))
        case (.blob(let data), .uuid) where data.count == 16:
            .uuid(UUID(uuid: data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }))
        case (.string(let text), .uri): .url(text)
        case (.int64(let number), _): .integer(number)
        case (.double(let number), .decimal): .decimal(Decimal(string: String(number)) ?? Decimal(number))
        case (.double(let number), _): .real(number)
        case (.string(let text), .decimal): Decimal(string: text).map(AppleValue.decimal) ?? .text(text)
        case (.string(let text), _): .text(text)
        case (.blob(let data), _): .blob(data)
        }
    }

    /// The raw values of `column` in `table` for the rows of the given `Z_ENT` numbers, by `Z_PK`.
    static func column(_ column: String, of table: String, entities: [Int64], in db: Database) throws -> [Int64:
        DatabaseValue]
    {
        let placeholders = entities.map { _ in "?" }.joined(separator: ", ")
        var values: [Int64: DatabaseValue] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT Z_PK, \"\(column)\" FROM \"\(table)\" WHERE Z_ENT IN (\(placeholders))",
            arguments: StatementArguments(entities))
        {
            values[row[0]] = row[1] as DatabaseValue
        }
        return values
    }
}
