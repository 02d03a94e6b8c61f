import Foundation
internal import GRDB

// Safe: immutable; its closures capture only types and constants.
/// Converts one attribute's Swift values (boxed) to and from SQLite values.
struct ValueCodec: @unchecked Sendable {
    /// How the value appears in the schema.
    let valueType: ValueType
    /// The non-optional Swift type.
    let swiftType: Any.Type
    /// Encodes a value of `swiftType`, possibly under Optional layers (nil: NULL).
    let encode: (Any) throws -> DatabaseValue
    /// Decodes a non-NULL stored value; nil when it does not fit.
    let decode: (DatabaseValue) -> Any?
    /// Decodes a non-NULL column of a statement's current row, as `decode` would the column's value, without
    /// making the `DatabaseValue` first, into a model object's storage.
    let read: (StatementRow, Int) -> AttributeValue?
    /// The value a required attribute reads as in `didMigrate` before the stage code fills it, if the type has one.
    var zero: Any? { decode(ValueCodec.zeros[valueType] ?? .null) }

    /// The stored zero of each primitive type.
    private static let zeros: [ValueType: DatabaseValue] = [
        .string: "".databaseValue, .bool: 0.databaseValue, .double: 0.0.databaseValue, .float: 0.0.databaseValue,
        .decimal: "0".databaseValue, .date: 0.0.databaseValue, .data: Data().databaseValue,
        .int: 0.databaseValue, .int8: 0.databaseValue, .int16: 0.databaseValue, .int32: 0.databaseValue,
        .int64: 0.databaseValue,
        .uint: 0.databaseValue, .uint8: 0.databaseValue, .uint16: 0.databaseValue, .uint32: 0.databaseValue,
        .uint64: 0.databaseValue,
    ]

    /// The codec for a property type, or nil when Strata cannot store it.
    static func make(for type: Any.Type) -> ValueCodec? {
        // The common types get codecs compiled for them: a generic codec looks up `Optional<T>`'s metadata for
        // every value it converts.
        if type == String.self { return primitive(String.self) }
        if type == Int.self { return primitive(Int.self) }
        if type == Double.self { return primitive(Double.self) }
        if type == Bool.self { return primitive(Bool.self) }
        if type == Date.self { return primitive(Date.self) }
        if type == UUID.self { return primitive(UUID.self) }
        if type == Data.self { return primitive(Data.self) }
        if let storable = type as? any StorableValue.Type { return primitive(storable) }
        if let raw = type as? any RawRepresentable.Type, let codec = rawValue(raw) { return codec }
        if let codable = type as? any Codable.Type { return json(codable) }
        return nil
    }

    /// `value` (of `T`, possibly under Optional layers, which the cast looks through) as `T`; nil when it is nil.
    private static func cast<T>(_ value: Any, to _: T.Type) throws -> T? {
        if let typed = ExactCast.cast(value, to: T.self) { return typed }
        guard let unwrapped = unwrapOptionals(value) else { return nil }
        throw StrataError.valueMismatch(expected: "\(T.self)", got: "\(type(of: unwrapped))")
    }

    private static func primitive<T: StorableValue>(_: T.Type) -> ValueCodec {
        ValueCodec(
            valueType: T.valueType, swiftType: T.self,
            encode: { value in try cast(value, to: T.self)?.storedValue ?? .null },
            decode: { T.fromStored($0) },
            read: { row, column in T.fromColumn(row, column).map { AttributeValue($0) } })
    }

    private static func rawValue<T: RawRepresentable>(_: T.Type) -> ValueCodec? {
        guard let raw = T.RawValue.self as? any StorableValue.Type, let rawCodec = make(for: raw) else { return nil }
        return ValueCodec(
            valueType: .rawRepresentable(typeName: String(describing: T.self), raw: rawCodec.valueType),
            swiftType: T.self,
            encode: { value in try cast(value, to: T.self).map { try rawCodec.encode($0.rawValue) } ?? .null },
            decode: { stored in (rawCodec.decode(stored) as? T.RawValue).flatMap(T.init(rawValue:)) },
            read: { row, column in
                (rawCodec.read(row, column)?.boxed(none: nil) as? T.RawValue).flatMap(T.init(rawValue:)).map {
                    .other(AnyValueBox($0))
                }
            })
    }

    /// The shape the compiled level of `--sources` declared for an app's type (or for an array's element), if any.
    private static func shape(of type: Any.Type) -> CodableShape? {
        if let described = type as? any CodableShapeDescribing.Type {
            return CodableShape(spelling: described.codableShapeSpelling)
        }
        if let array = type as? any ArrayShape.Type, let element = array.elementType as? any CodableShapeDescribing.Type
        {
            return CodableShape(spelling: element.codableShapeSpelling).map(CodableShape.array)
        }
        return nil
    }

    private static func json<T: Codable>(_: T.Type) -> ValueCodec {
        let decode: (DatabaseValue) -> Any? = { stored in
            guard let text = String.fromDatabaseValue(stored) else { return nil }
            return try? JSONDecoder().decode(T.self, from: Data(text.utf8))
        }
        return ValueCodec(
            valueType: .codable(typeName: String(describing: T.self), shape: shape(of: T.self)), swiftType: T.self,
            encode: { value in
                guard let typed = try cast(value, to: T.self) else { return .null }
                return try StoredJSON.text(of: typed).databaseValue
            },
            decode: decode,
            read: { row, column in decode(row[column]).map { .other(AnyValueBox($0)) } })
    }
}
