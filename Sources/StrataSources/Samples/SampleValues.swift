import Foundation
import GRDB
import Strata
import StrataModelSyntax
import SwiftSyntax

/// Deterministic, type-aware sample values for row `row` (from 1) of an entity, in the form Strata stores them:
/// unique per row, a real case of a raw-value enum, JSON a Codable struct of the sources decodes from.
struct SampleValues {
    let index: DeclarationIndex
    /// Each entity's model class scope (`["SchemaV2", "Loan"]`): where its attributes' type names are resolved, so a
    /// version's rows hold its own nested types, not another version's of the same name.
    let scopes: [String: [String]]

    /// The first day samples count from: 2024-01-01T00:00:00Z.
    static let firstDay = Date(timeIntervalSince1970: 1_704_067_200)

    /// The stored value of `attribute` in row `row` of `entity` (NULL for every fourth row of an optional).
    func value(_ attribute: Schema.Attribute, entity: String, row: Int) -> DatabaseValue {
        if attribute.isOptional && row % 4 == 0 { return .null }
        if attribute.isUnique, case .rawRepresentable = attribute.valueType {
        } else if attribute.isUnique, attribute.valueType.sqlType == "INTEGER" {
            return row.databaseValue
        }
        return stored(attribute.valueType, label: "\(entity) \(attribute.name)", row: row, scope: scopes[entity] ?? [])
    }

    private func stored(_ type: ValueType, label: String, row: Int, scope: [String]) -> DatabaseValue {
        switch type {
        case .string: return "\(label) \(row)".databaseValue
        case .bool: return (row % 2).databaseValue
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            return (row % 100).databaseValue
        case .double, .float: return (Double(row) + 0.5).databaseValue
        case .decimal: return "\(row).25".databaseValue
        case .date:
            return Self.firstDay.addingTimeInterval(Double(row) * 86_400).timeIntervalSinceReferenceDate.databaseValue
        case .data: return Data([UInt8(truncatingIfNeeded: row), 0x5A]).databaseValue
        case .uuid:
            return withUnsafeBytes(of: UInt64(row).bigEndian) { Data(repeating: 0x5A, count: 8) + Data($0) }
                .databaseValue
        case .url: return "https://example.com/\(label.replacingOccurrences(of: " ", with: "/"))/\(row)".databaseValue
        case .rawRepresentable(let name, let raw):
            let cases = rawValues(ofEnum: name, scope: scope)
            guard !cases.isEmpty else { return stored(raw, label: label, row: row, scope: scope) }
            return cases[(row - 1) % cases.count]
        case .codable(let name, _):
            return json(name, declared: declaredType(name, scope: scope), row: row, depth: 0).description.databaseValue
        }
    }

    /// The raw values of the cases of the enum `name` means in `scope`, as stored.
    private func rawValues(ofEnum name: String, scope: [String]) -> [DatabaseValue] {
        guard let type = declaredType(name, scope: scope), type.isEnum else { return [] }
        return EnumCases(of: type).cases.compactMap { found in
            switch found.raw {
            case .text(let text): text.databaseValue
            case .integer(let number): number.databaseValue
            case nil: nil
            }
        }
    }

    /// The value type (not a model) of the sources `name` means in `scope`, as Swift resolves it (the version's nested
    /// type first); without a scope (or one where the name resolves to nothing), the first declared so named.
    private func declaredType(_ name: String, scope: [String]) -> DeclarationIndex.TypeDecl? {
        if let declared = index.resolveType(name, from: scope), !declared.isModel { return declared }
        return index.order.lazy.compactMap { index.types[$0] }.first { $0.simpleName == name && !$0.isModel }
    }

    /// A JSON value a Codable of runtime name `name` decodes from, in the shape Swift's synthesized `Codable` gives:
    /// numbers for numeric types (`CGFloat` too), arrays and dictionaries empty, a struct of the sources with each
    /// stored field filled, an enum's case as its raw value, `{"case":{}}` or `{"case":{"_0":…}}`.
    private func json(_ name: String, declared: DeclarationIndex.TypeDecl?, row: Int, depth: Int) -> StoredJSON {
        if let primitive = primitiveJSON(name, label: name, row: row) { return primitive }
        if name.hasPrefix("Array<") || name.hasPrefix("Set<") { return .array([]) }
        if name.hasPrefix("Dictionary<") { return .object([:]) }
        guard depth < 4, let type = declared else { return .object([:]) }
        let scope = index.scope(inside: type)
        if type.isEnum {
            let cases = EnumCases(of: type).cases
            guard !cases.isEmpty else { return .object([:]) }
            let chosen = cases[(row - 1) % cases.count]
            switch chosen.raw {
            case .text(let text): return .string(text)
            case .integer(let number): return .integer(Int64(number))
            case nil: break
            }
            var fields: [String: StoredJSON] = [:]
            for associated in chosen.associated {
                fields[associated.label] = json(
                    TypeShape(associated.type, scope: scope, index: index), label: "\(name) \(chosen.name)", row: row,
                    depth: depth + 1)
            }
            return .object([chosen.name: .object(fields)])
        }
        guard let members = type.node.asProtocol(DeclGroupSyntax.self)?.memberBlock.members else {
            return .object([:])
        }
        var object: [String: StoredJSON] = [:]
        for property in StoredProperty.persisted(in: index.build.activeMembers(members)) {
            guard let written = property.type else { continue }
            let shape = TypeShape(written, scope: scope, index: index)
            if case .optional = shape { continue }
            object[property.name] = json(shape, label: "\(name) \(property.name)", row: row, depth: depth + 1)
        }
        return .object(object)
    }

    /// The JSON value of a field or associated value of written type `shape`.
    private func json(_ shape: TypeShape, label: String, row: Int, depth: Int) -> StoredJSON {
        if case .named(let field, nil, _) = shape, let primitive = primitiveJSON(field, label: label, row: row) {
            return primitive
        }
        if case .named(_, let declared?, _) = shape {
            return json(shape.runtimeName, declared: declared, row: row, depth: depth)
        }
        return json(shape.runtimeName, declared: nil, row: row, depth: depth)
    }

    /// The JSON of a value of a library type Swift encodes as a single value (nil for others).
    private func primitiveJSON(_ name: String, label: String, row: Int) -> StoredJSON? {
        switch name {
        case "String": return .string("\(label) \(row)")
        case "Bool": return .bool(row % 2 == 0)
        case "Double", "Float", "CGFloat", "Decimal": return .real(Double(row) + 0.5)
        case "Date": return .real(Self.firstDay.addingTimeInterval(Double(row) * 86_400).timeIntervalSinceReferenceDate)
        case "URL": return .string("https://example.com/\(row)")
        case "UUID": return .string(String(format: "00000000-0000-0000-0000-%012ld", row))
        case "Data": return .string(Data([UInt8(truncatingIfNeeded: row), 0x5A]).base64EncodedString())
        default: return PropertyType.native[name]?.sqlType == "INTEGER" ? .integer(Int64(row % 100)) : nil
        }
    }
}
