import Foundation
internal import GRDB
import Strata

/// A composite attribute (SwiftData's Codable struct or enum, `NSCompositeAttributeDescription`) as the store keeps
/// it: each field in a column of the entity's table, nested composites flattened into their fields, and read back
/// as the value Codable makes of it.
extension AppleAttribute {
    /// The attribute's stored values: the attribute itself (path = name), or each field of a composite with its path
    /// from the attribute (`author.person`), nested composites' fields in turn, in the model's order.
    var leaves: [(path: String, attribute: AppleAttribute)] {
        guard kind == .composite else { return [(name, self)] }
        return fields.flatMap { field in field.leaves.map { ("\(name).\($0.path)", $0.attribute) } }
    }

    /// The number of stored values: 1, or a composite's fields' (nested composites' fields counted in turn).
    var leafCount: Int { kind == .composite ? fields.reduce(0) { $0 + $1.leafCount } : 1 }

    /// The Strata value type a composite is carried over as: a raw-value enum for a SwiftData enum with one field
    /// (`enum(String)`), JSON otherwise, named by its fields and their types (`json {person: String?, year: Int}`),
    /// since the store does not record the Swift type's name; nil for other kinds.
    var compositeValueType: ValueType? {
        guard kind == .composite else { return nil }
        if isRawValueEnum, let raw = AppleSchemaMapping.valueType(of: fields[0].kind) {
            return .rawRepresentable(typeName: "enum", raw: raw)
        }
        return .codable(typeName: fieldList)
    }

    /// True for a SwiftData enum stored as its raw value: a composite marked `EnumType` with one plain field.
    var isRawValueEnum: Bool {
        kind == .composite && isEnum && fields.count == 1 && fields[0].kind != .composite
            && AppleSchemaMapping.valueType(of: fields[0].kind) != nil
    }

    /// `{id: UUID?, person: String?, tags: {flavors: Data?}}`: the fields with their types.
    private var fieldList: String {
        let described = fields.map { field -> String in
            let type: String
            if field.kind == .composite {
                type = field.isRawValueEnum ? field.compositeValueType?.description ?? "" : field.fieldList
            } else {
                type = AppleSchemaMapping.valueType(of: field.kind)?.description ?? field.kind.description
            }
            return "\(field.name): \(type)\(field.isOptional ? "?" : "")"
        }
        return "{" + described.joined(separator: ", ") + "}"
    }

    /// The value of a composite from its leaves' raw column values (in `leaves` order): the raw value of an enum's
    /// one field, an object of the fields that hold a value otherwise (Codable leaves a nil field out), and NULL for
    /// an optional composite all of whose columns are NULL (SwiftData writes nil so).
    func compositeValue(_ raws: ArraySlice<DatabaseValue>) -> AppleValue {
        if raws.allSatisfy(\.isNull) && isOptional { return .null }
        if isRawValueEnum, let raw = raws.first { return AppleValue(raw, kind: fields[0].kind) }
        return .json(json(raws))
    }

    /// The JSON of a composite from its leaves' raw values, nested composites as objects (enums as their raw value).
    private func json(_ raws: ArraySlice<DatabaseValue>) -> StoredJSON {
        if isRawValueEnum, let raw = raws.first { return StoredJSON(field: raw, kind: fields[0].kind) ?? .null }
        var object: [String: StoredJSON] = [:]
        var start = raws.startIndex
        for field in fields {
            let count = field.leafCount
            let slice = raws[start..<start + count]
            start += count
            if field.kind == .composite {
                if slice.allSatisfy(\.isNull) && field.isOptional { continue }
                object[field.name] = field.json(slice)
            } else if let value = StoredJSON(field: slice[slice.startIndex], kind: field.kind) {
                object[field.name] = value
            }
        }
        return .object(object)
    }
}
