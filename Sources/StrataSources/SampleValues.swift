import Foundation
import GRDB
import Strata
import StrataModelSyntax
import SwiftSyntax

/// Deterministic, type-aware sample values for row `row` (from 1) of an entity, in the form Strata stores them:
/// unique per row, a real case of a raw-value enum, JSON a Codable struct of the sources decodes from.
struct SampleValues {
    let index: DeclarationIndex

    /// The first day samples count from: 2024-01-01T00:00:00Z.
    static let firstDay = Date(timeIntervalSince1970: 1_704_067_200)

    /// The stored value of `attribute` in row `row` of `entity` (NULL for every fourth row of an optional).
    func value(_ attribute: Schema.Attribute, entity: String, row: Int) -> DatabaseValue {
        if attribute.isOptional && row % 4 == 0 { return .null }
        if attribute.isUnique, case .rawRepresentable = attribute.valueType {
        } else if attribute.isUnique, attribute.valueType.sqlType == "INTEGER" {
            return row.databaseValue
        }
        return stored(attribute.valueType, label: "\(entity) \(attribute.name)", row: row)
    }

    private func stored(_ type: ValueType, label: String, row: Int) -> DatabaseValue {
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
            let cases = rawValues(ofEnum: name, raw: raw)
            guard !cases.isEmpty else { return stored(raw, label: label, row: row) }
            return cases[(row - 1) % cases.count]
        case .codable(let name):
            return String(
                decoding: (try? JSONSerialization.data(
                    withJSONObject: json(name, row: row, depth: 0), options: [.sortedKeys])) ?? Data("{}".utf8),
                as: UTF8.self
            ).databaseValue
        }
    }

    /// The raw values of the enum `name`'s cases, as stored.
    private func rawValues(ofEnum name: String, raw: ValueType) -> [DatabaseValue] {
        guard let type = index.types.values.first(where: { $0.simpleName == name && $0.isEnum }),
            let members = type.node.asProtocol(DeclGroupSyntax.self)?.memberBlock.members
        else { return [] }
        var values: [DatabaseValue] = []
        var next = 0
        for element in members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) }).flatMap(\.elements) {
            let written = element.rawValue?.value
            if raw == .string {
                let text =
                    written?.as(StringLiteralExprSyntax.self)?.segments.trimmedDescription
                    ?? element.name.text.trimmingBackticks
                values.append(text.databaseValue)
            } else if let literal = written?.as(IntegerLiteralExprSyntax.self), let number = Int(literal.literal.text) {
                values.append(number.databaseValue)
                next = number + 1
            } else if written == nil {
                values.append(next.databaseValue)
                next += 1
            }
        }
        return values
    }

    /// A JSON value a Codable of runtime name `name` decodes from: arrays and dictionaries empty, a struct of the
    /// sources with each stored field filled.
    private func json(_ name: String, row: Int, depth: Int) -> Any {
        if name.hasPrefix("Array<") || name.hasPrefix("Set<") { return [Any]() }
        if name.hasPrefix("Dictionary<") { return [String: Any]() }
        guard depth < 4, let type = index.types.values.first(where: { $0.simpleName == name && !$0.isModel }),
            let members = type.node.asProtocol(DeclGroupSyntax.self)?.memberBlock.members
        else { return [String: Any]() }
        var object: [String: Any] = [:]
        for property in StoredProperty.persisted(in: members) {
            guard let written = property.type else { continue }
            let shape = TypeShape(written, scope: index.scope(inside: type), index: index)
            let (base, optional) = shape.unwrappingOptional
            if optional { continue }
            switch base {
            case .named(let field, nil, _):
                switch field {
                case "String": object[property.name] = "\(name) \(property.name) \(row)"
                case "Bool": object[property.name] = row % 2 == 0
                case "Double", "Float", "CGFloat": object[property.name] = Double(row) + 0.5
                case "Date":
                    object[property.name] =
                        Self.firstDay.addingTimeInterval(Double(row) * 86_400).timeIntervalSinceReferenceDate
                default: object[property.name] = PropertyType.native[field] == nil ? [String: Any]() : row % 100
                }
            default:
                object[property.name] = json(base.runtimeName, row: row, depth: depth + 1)
            }
        }
        return object
    }
}
