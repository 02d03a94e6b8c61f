import Foundation
internal import GRDB

// Safe: every property is a `let`; its key path, metatypes and closures capture no mutable state.
/// How one attribute moves between a model object and its column.
///
/// A class, not a struct: saves and fetches walk every attribute of every row, and copying a struct of this size
/// costs a retain and release per field each time.
final class AttributeMapping: @unchecked Sendable {
    /// The description that goes into the schema.
    let attribute: Schema.Attribute
    /// Converts values.
    let codec: ValueCodec
    /// The key path, for predicates and sorts.
    let keyPath: AnyKeyPath
    /// `nil` of the property's optional type, or nil for a non-optional property.
    let none: Any?
    /// The declared default, if any.
    let makeDefault: (() -> Any)?
    /// The property name (the attribute's).
    let name: String
    /// True for a `let` property, whose value the object itself holds.
    let isConstant: Bool
    /// Tells the property's observers about reads and changes.
    let observation: PropertyObservation
    /// What a NULL reads as in `didMigrate`, where the stage code may not have filled a new required attribute
    /// yet: `none`, or else the type's zero (see `decode`).
    private let unfilledNull: Any?
    /// `none` and `unfilledNull` as a model object's storage holds them, made once.
    private let storedNone: AttributeValue?
    private let storedUnfilledNull: AttributeValue?

    /// A mapping of one stored property.
    init(
        attribute: Schema.Attribute, codec: ValueCodec, keyPath: AnyKeyPath, none: Any?, makeDefault: (() -> Any)?,
        isConstant: Bool, observation: PropertyObservation
    ) {
        self.attribute = attribute
        self.codec = codec
        self.keyPath = keyPath
        self.none = none
        self.makeDefault = makeDefault
        name = attribute.name
        unfilledNull = none ?? codec.zero
        storedNone = none.map(AttributeValue.boxing)
        storedUnfilledNull = unfilledNull.map(AttributeValue.boxing)
        self.isConstant = isConstant
        self.observation = observation
    }

    /// The stored form of a property value (boxed, of the property's declared type).
    func encode(_ value: Any) throws -> DatabaseValue {
        try codec.encode(value)
    }

    /// The stored form of a value of a model object's storage (not `.unset`). A typed value is encoded as the
    /// codec of its type would, without the codec's closure and cast.
    func encode(_ value: AttributeValue) throws -> DatabaseValue {
        switch value {
        case .null: return .null
        case .string(let value) where codec.swiftType == String.self: return value.storedValue
        case .int(let value) where codec.swiftType == Int.self: return value.storedValue
        case .double(let value) where codec.swiftType == Double.self: return value.storedValue
        case .bool(let value) where codec.swiftType == Bool.self: return value.storedValue
        case .date(let value) where codec.swiftType == Date.self: return value.storedValue
        case .uuid(let value) where codec.swiftType == UUID.self: return value.storedValue
        case .data(let value) where codec.swiftType == Data.self: return value.storedValue
        default: return try value.boxed(none: none).map(codec.encode) ?? .null
        }
    }

    /// The value without its Optional layers (nil for none); a value already of the stored type is returned as
    /// it is, which saves the dynamic cast of `unwrapOptionals` for most values.
    func unwrapped(_ value: Any) -> Any? {
        type(of: value) == codec.swiftType ? value : unwrapOptionals(value)
    }

    /// The property value (boxed, of the declared type) for a stored value.
    /// `unfilled` is set in `didMigrate`, where a new required attribute has no value until the stage code
    /// fills it: it then reads as its type's zero (empty string, 0, false) instead of failing.
    func decode(_ stored: DatabaseValue, entity: String, unfilled: Bool = false) throws -> Any {
        if stored.isNull { return try null(entity: entity, unfilled: unfilled) }
        guard let value = codec.decode(stored) else {
            throw StrataError.undecodableValue(
                entity: entity, attribute: name, type: attribute.valueType, stored: stored.description)
        }
        return value
    }

    /// The property value for a column of a statement's current row, as `decode` gives it for the column's value,
    /// as a model object's storage holds it.
    func decode(_ row: StatementRow, column: Int, entity: String, unfilled: Bool) throws -> AttributeValue {
        let row = row.typing(column)
        if row.isNull(column) {
            if let value = unfilled ? storedUnfilledNull : storedNone { return value }
            throw StrataError.nullInRequiredAttribute(entity: entity, attribute: name)
        }
        guard let value = codec.read(row, column) else {
            throw StrataError.undecodableValue(
                entity: entity, attribute: name, type: attribute.valueType, stored: row[column].description)
        }
        return value
    }

    /// The value of a NULL column: nil for an optional attribute, the type's zero for an unfilled one.
    private func null(entity: String, unfilled: Bool) throws -> Any {
        if let value = unfilled ? unfilledNull : none { return value }
        throw StrataError.nullInRequiredAttribute(entity: entity, attribute: name)
    }
}

// Safe: `relationship` is set while `ModelBinding` resolves inverses, before the binding is shared; the rest is immutable.
/// How one relationship links model objects, and how to build the property's Swift value.
struct RelationshipMapping: @unchecked Sendable {
    /// The description that goes into the schema (its inverse filled in once all entities are known).
    var relationship: Schema.Relationship
    /// The destination's model type.
    let destinationType: any PersistentModel.Type
    /// The key path, for predicates.
    let keyPath: AnyKeyPath
    /// The inverse key path written in `@Relationship(inverse:)`, if any.
    let declaredInverse: AnyKeyPath?
    /// Builds the property's value (`Item?`, `[Item]`, `[Item]?`) from the related objects.
    let makeValue: ([any PersistentModel]) -> Any
    /// The related objects held by a property value.
    let objects: (Any) -> [any PersistentModel]
    /// Tells the property's observers about reads and changes.
    let observation: PropertyObservation

    var name: String { relationship.name }
}
