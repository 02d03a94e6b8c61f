import Foundation
internal import GRDB

/// A Swift value type with a fixed SQLite representation (the primitives of the store format).
protocol StorableValue {
    /// How the type appears in a schema.
    static var valueType: ValueType { get }
    /// The value as SQLite stores it.
    var storedValue: DatabaseValue { get }
    /// The value read back; nil when the stored value does not fit the type.
    static func fromStored(_ value: DatabaseValue) -> Self?
    /// The value of a non-NULL column of a statement's current row, as `fromStored` reads it.
    static func fromColumn(_ row: StatementRow, _ column: Int) -> Self?
}

extension StorableValue {
    static func fromColumn(_ row: StatementRow, _ column: Int) -> Self? { fromStored(row[column]) }
}

extension String: StorableValue {
    static var valueType: ValueType { .string }
    /// Text, except that a string holding NUL is stored as its UTF-8 bytes: SQLite's text binding stops at the
    /// first NUL, a blob keeps every byte.
    var storedValue: DatabaseValue { containsNUL ? Data(utf8).databaseValue : databaseValue }
    /// True when the string holds a NUL byte; searched in its UTF-8 buffer when it has one (native strings do),
    /// which costs a fraction of walking the UTF-8 view.
    private var containsNUL: Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? utf8.contains(0)
    }
    static func fromStored(_ value: DatabaseValue) -> String? {
        if case .blob(let bytes) = value.storage { return String(data: bytes, encoding: .utf8) }
        return String.fromDatabaseValue(value)
    }
    static func fromColumn(_ row: StatementRow, _ column: Int) -> String? {
        row.text(column) ?? fromStored(row[column])
    }
}

extension Bool: StorableValue {
    static var valueType: ValueType { .bool }
    var storedValue: DatabaseValue { (self ? 1 : 0).databaseValue }
    static func fromStored(_ value: DatabaseValue) -> Bool? {
        guard case .int64(let number) = value.storage else { return nil }
        return number != 0
    }
}

/// Integers stored as SQLite INTEGER; reading checks the range so a bad value is an error, not a trap.
protocol StorableInteger: StorableValue, FixedWidthInteger {}

extension StorableInteger {
    var storedValue: DatabaseValue { Int64(truncatingIfNeeded: self).databaseValue }
    static func fromStored(_ value: DatabaseValue) -> Self? {
        guard case .int64(let number) = value.storage else { return nil }
        return Self(exactly: number)
    }
    static func fromColumn(_ row: StatementRow, _ column: Int) -> Self? {
        row.integer(column).flatMap { Self(exactly: $0) }
    }
}

extension Int: StorableInteger { static var valueType: ValueType { .int } }
extension Int8: StorableInteger { static var valueType: ValueType { .int8 } }
extension Int16: StorableInteger { static var valueType: ValueType { .int16 } }
extension Int32: StorableInteger { static var valueType: ValueType { .int32 } }
extension Int64: StorableInteger { static var valueType: ValueType { .int64 } }
extension UInt8: StorableInteger { static var valueType: ValueType { .uint8 } }
extension UInt16: StorableInteger { static var valueType: ValueType { .uint16 } }
extension UInt32: StorableInteger { static var valueType: ValueType { .uint32 } }

/// UInt and UInt64 use all 64 bits: stored as the Int64 with the same bit pattern.
protocol StorableBitPattern: StorableValue, FixedWidthInteger, UnsignedInteger {}

extension StorableBitPattern {
    var storedValue: DatabaseValue { Int64(bitPattern: UInt64(self)).databaseValue }
    static func fromStored(_ value: DatabaseValue) -> Self? {
        guard case .int64(let number) = value.storage else { return nil }
        return Self(exactly: UInt64(bitPattern: number))
    }
}

extension UInt: StorableBitPattern { static var valueType: ValueType { .uint } }
extension UInt64: StorableBitPattern { static var valueType: ValueType { .uint64 } }

extension Double: StorableValue {
    static var valueType: ValueType { .double }
    var storedValue: DatabaseValue { databaseValue }
    static func fromStored(_ value: DatabaseValue) -> Double? { Double.fromDatabaseValue(value) }
    static func fromColumn(_ row: StatementRow, _ column: Int) -> Double? { row.double(column) }
}

extension Float: StorableValue {
    static var valueType: ValueType { .float }
    var storedValue: DatabaseValue { Double(self).databaseValue }
    static func fromStored(_ value: DatabaseValue) -> Float? { Double.fromDatabaseValue(value).map(Float.init) }
}

extension Decimal: StorableValue {
    static var valueType: ValueType { .decimal }
    /// Decimals are stored as their exact text ("12.50" is "12.5").
    var storedValue: DatabaseValue { description.databaseValue }
    static func fromStored(_ value: DatabaseValue) -> Decimal? {
        switch value.storage {
        case .string(let text): Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case .int64(let number): Decimal(number)
        case .double(let number): Decimal(number)
        default: nil
        }
    }
}

extension Date: StorableValue {
    static var valueType: ValueType { .date }
    /// Dates are stored as seconds since 2001-01-01 UTC, as Core Data does, which round-trips exactly.
    var storedValue: DatabaseValue { timeIntervalSinceReferenceDate.databaseValue }
    static func fromStored(_ value: DatabaseValue) -> Date? {
        Double.fromDatabaseValue(value).map(Date.init(timeIntervalSinceReferenceDate:))
    }
    static func fromColumn(_ row: StatementRow, _ column: Int) -> Date? {
        row.double(column).map(Date.init(timeIntervalSinceReferenceDate:))
    }
}

extension Data: StorableValue {
    static var valueType: ValueType { .data }
    var storedValue: DatabaseValue { databaseValue }
    static func fromStored(_ value: DatabaseValue) -> Data? {
        guard case .blob(let data) = value.storage else { return nil }
        return data
    }
}

extension UUID: StorableValue {
    static var valueType: ValueType { .uuid }
    /// UUIDs are stored as 16-byte blobs, as SwiftData does.
    var storedValue: DatabaseValue { withUnsafeBytes(of: uuid) { Data($0) }.databaseValue }
    static func fromStored(_ value: DatabaseValue) -> UUID? {
        switch value.storage {
        case .blob(let data) where data.count == 16:
            return data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        case .string(let text): return UUID(uuidString: text)
        default: return nil
        }
    }
    static func fromColumn(_ row: StatementRow, _ column: Int) -> UUID? {
        row.blob16(column).map(UUID.init(uuid:)) ?? fromStored(row[column])
    }
}

extension URL: StorableValue {
    static var valueType: ValueType { .url }
    var storedValue: DatabaseValue { absoluteString.databaseValue }
    static func fromStored(_ value: DatabaseValue) -> URL? {
        String.fromDatabaseValue(value).flatMap(URL.init(string:))
    }
}
