import Foundation
import Strata

/// What `strata info` reports, shape `strata.info/1`:
/// `{"format", "store", "storeFormat", "version"?, "fingerprint", "entities": [entity], "history": [applied stage]}`.
struct InfoReport: Encodable {
    /// One entity: `{"name", "rows", "attributes": [{"name", "type", "optional", "unique"}], "relationships": [{"name", "destination", "toMany", "deleteRule"}]}`.
    struct Entity: Encodable {
        let name: String
        let rows: Int
        let attributes: [Attribute]
        let relationships: [Relationship]
    }

    /// One attribute of an entity.
    struct Attribute: Encodable {
        let name: String
        let type: String
        let optional: Bool
        let unique: Bool
    }

    /// One relationship of an entity.
    struct Relationship: Encodable {
        let name: String
        let destination: String
        let toMany: Bool
        let deleteRule: String
    }

    /// One applied stage: `{"from", "to", "kind", "appliedAt" (ISO 8601), "rows"}`.
    struct AppliedStage: Encodable {
        let from: String
        let to: String
        let kind: String
        let appliedAt: Date
        let rows: Int
    }

    let format = "strata.info/1"
    /// The store's path.
    let store: String
    /// The store format number.
    let storeFormat: Int
    /// The recorded schema version (absent for an unversioned store).
    let version: String?
    /// The recorded schema fingerprint.
    let fingerprint: String
    /// The recorded entities with their row counts.
    let entities: [Entity]
    /// The applied migration stages, oldest first.
    let history: [AppliedStage]

    /// Reads the report from a store, writing none of its files.
    init(store url: URL) throws {
        let inspector = StoreInspector(url: url)
        let metadata = try inspector.metadata()
        let counts = Dictionary(try inspector.rowCounts().map { ($0.entity, $0.rows) }, uniquingKeysWith: { first, _ in first })
        store = url.path
        storeFormat = metadata.format
        version = metadata.version?.description
        fingerprint = metadata.fingerprint
        entities = metadata.schema.entities.map { entity in
            Entity(
                name: entity.name, rows: counts[entity.name] ?? 0,
                attributes: entity.attributes.map {
                    Attribute(name: $0.name, type: $0.valueType.description, optional: $0.isOptional, unique: $0.isUnique)
                },
                relationships: entity.relationships.map {
                    Relationship(name: $0.name, destination: $0.destination, toMany: $0.isToMany, deleteRule: $0.deleteRule.rawValue)
                })
        }
        history = try inspector.history().map {
            AppliedStage(from: $0.fromVersion.isEmpty ? "unversioned" : $0.fromVersion, to: $0.toVersion, kind: $0.kind, appliedAt: $0.appliedAt, rows: $0.rows)
        }
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines = [
            "\(style.bold("Store"))    \(TerminalText.sanitize(store))",
            "\(style.bold("Format"))   \(storeFormat)",
            "\(style.bold("Version"))  \(version ?? "unversioned") (fingerprint \(TerminalText.sanitize(String(fingerprint.prefix(8)))))",
            "",
            style.bold("Entities"),
        ]
        let table = TextTable(
            header: ["entity", "rows", "properties"],
            rows: entities.map { entity in
                let properties = entity.attributes.map { "\($0.name): \($0.type)\($0.optional ? "?" : "")\($0.unique ? " unique" : "")" }
                    + entity.relationships.map { "\($0.name) -> \($0.toMany ? "[\($0.destination)]" : $0.destination)" }
                return [entity.name, String(entity.rows), properties.joined(separator: ", ")].map(TerminalText.sanitize)
            },
            maximumColumnWidth: 100)
        lines += table.lines(style: style).map { "  " + $0 }
        lines += ["", style.bold("History")]
        if history.isEmpty {
            lines.append("  no migrations applied")
        } else {
            let formatter = ISO8601DateFormatter()
            lines += history.map { stage in
                "  \(formatter.string(from: stage.appliedAt))  \(TerminalText.sanitize(stage.kind)) \(TerminalText.sanitize(stage.from)) -> \(TerminalText.sanitize(stage.to)), \(stage.rows) rows"
            }
        }
        return lines
    }
}
