import Foundation
import Strata
import StrataAppleStores
import StrataText

/// What `strata info` reports, shape `strata.info/1`. A Strata store: `{"format", "kind": "strata", "store",
/// "storeFormat", "version"?, "fingerprint", "entities": [entity], "history": [applied stage]}`. A SwiftData or
/// Core Data store: `{"format", "kind": "apple", "store", "version"?, "versionIdentifiers", "frameworkVersion"?,
/// "storeUUID", "checksum", "digest", "entities": [entity], "historyTables"}`, where checksum and digest are
/// "matches", "does not match" or "not recorded", and `unmatchedRows` (present when some) lists rows whose entity
/// number matches no entity of the model.
struct InfoReport: Encodable {
    /// One entity: `{"name", "rows", "attributes": [{"name", "type", "optional", "unique"}], "relationships": [{"name",
    /// "destination", "toMany", "deleteRule"}]}`, with `"uniqueGroups"` and `"indexes"` (attribute names per `#Unique`
    /// group and per `#Index`) when it has some; for an Apple store also `"parent"` (absent at the root), `"ancestors"`,
    /// `"abstract"`, `"transient"` (names of properties without data), `"composites"` (names of the composite
    /// attributes, SwiftData's Codable structs, whose type lists their fields: `json {person: String?, year: Int}`;
    /// present when some) and `"notes"` (present when some).
    /// Attributes and relationships include the inherited ones, as an import writes them (Strata has no inheritance).
    struct Entity: Encodable {
        let name: String
        let rows: Int
        let attributes: [Attribute]
        let relationships: [Relationship]
        var uniqueGroups: [[String]]?
        var indexes: [[String]]?
        var parent: String?
        var ancestors: [String]?
        var abstract: Bool?
        var transient: [String]?
        var composites: [String]?
        var notes: [String]?

        /// The entity named `name` with `rows` rows and the attributes and relationships `entity` describes.
        init(name: String, rows: Int, _ entity: Schema.Entity?) {
            self.name = name
            self.rows = rows
            attributes = (entity?.attributes ?? []).map {
                Attribute(name: $0.name, type: $0.valueType.description, optional: $0.isOptional, unique: $0.isUnique)
            }
            relationships = (entity?.relationships ?? []).map {
                Relationship(
                    name: $0.name, destination: $0.destination, toMany: $0.isToMany, deleteRule: $0.deleteRule.rawValue)
            }
            uniqueGroups = entity.flatMap { $0.uniquenessConstraints.isEmpty ? nil : $0.uniquenessConstraints }
            indexes = entity.flatMap { $0.indexes.isEmpty ? nil : $0.indexes }
        }
    }

    /// Rows whose entity number matches no entity: `{"table", "entityNumber", "storedName", "rows"}`.
    struct UnmatchedRows: Encodable {
        let table: String
        let entityNumber: Int64?
        let storedName: String?
        let rows: Int
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
    /// "strata" or "apple".
    let kind: String
    /// The store's path.
    let store: String
    /// The store format number (Strata stores).
    var storeFormat: Int?
    /// The recorded schema version (absent for an unversioned store, or an Apple store whose identifier is not one).
    let version: String?
    /// The recorded schema fingerprint (Strata stores).
    var fingerprint: String?
    /// The recorded entities with their row counts.
    let entities: [Entity]
    /// The applied migration stages, oldest first (Strata stores).
    var history: [AppliedStage]?
    /// The model version identifiers (Apple stores).
    var versionIdentifiers: [String]?
    /// The Core Data version that wrote the store (Apple stores, when recorded).
    var frameworkVersion: Int?
    /// The store's UUID (Apple stores).
    var storeUUID: String?
    /// Whether the recomputed model checksum matches the stored one (Apple stores).
    var checksum: String?
    /// Whether the recomputed digest of the entity hashes matches the stored one (Apple stores).
    var digest: String?
    /// The persistent-history tables, hidden from the entities (Apple stores).
    var historyTables: [String]?
    /// Rows whose entity number matches no entity of the model (Apple stores, when some).
    var unmatchedRows: [UnmatchedRows]?
    /// With `--model`: the Core Data model and the version of it the store is at (`ModelInfoReport`).
    var coreData: ModelInfoReport?

    /// Reads the report from a store of either kind, opened once and writing none of its files (a private import
    /// is read as the Strata store it is, under the user's path).
    init(store: OpenedStore) throws {
        switch store {
        case .strata(let url): try self.init(strataStore: url)
        case .apple(let apple): try self.init(appleStore: apple)
        case .imported(let imported): try self.init(strataStore: imported.url, named: imported.source)
        }
    }

    /// Reads the report from a SwiftData or Core Data store (through the private copy `AppleStore` holds).
    init(appleStore apple: AppleStore) throws {
        let counts = Dictionary(
            try apple.rowCounts().map { ($0.entity, $0.rows) }, uniquingKeysWith: { first, _ in first })
        let schema = apple.schema().schema
        kind = "apple"
        store = apple.url.path
        version = apple.defaultVersion?.description
        entities = apple.entityNames.map { name in
            let entity = schema.entitiesByName[name]
            let transient =
                apple.model.allAttributes(of: name).filter(\.isTransient).map(\.name)
                + apple.model.allRelationships(of: name).filter(\.isTransient).map(\.name)
            let notes = apple.notes(of: name, includingUnmatchedRows: false)
            var described = Entity(name: name, rows: counts[name] ?? 0, entity)
            described.parent = apple.model.entity(named: name)?.parent
            described.ancestors = apple.model.ancestors(of: name)
            described.abstract = apple.model.entity(named: name)?.isAbstract ?? false
            described.transient = transient.sorted()
            let composites = apple.model.storedAttributes(of: name).filter { $0.kind == .composite }.map(\.name)
            described.composites = composites.isEmpty ? nil : composites
            described.notes = notes.isEmpty ? nil : notes
            return described
        }
        let unmatched = apple.unmatchedRows
        unmatchedRows =
            unmatched.isEmpty
            ? nil
            : unmatched.map {
                UnmatchedRows(table: $0.table, entityNumber: $0.entityNumber, storedName: $0.storedName, rows: $0.rows)
            }
        versionIdentifiers = apple.metadata.versionIdentifiers
        frameworkVersion = apple.metadata.frameworkVersion
        storeUUID = apple.metadata.storeUUID
        checksum = Self.status(apple.metadata.checksumMatches)
        digest = Self.status(apple.metadata.digestMatches)
        historyTables = apple.historyTables
    }

    /// "matches", "does not match" or "not recorded".
    private static func status(_ matches: Bool?) -> String {
        switch matches {
        case true?: "matches"
        case false?: "does not match"
        case nil: "not recorded"
        }
    }

    /// Reads the report from a Strata store, writing none of its files; it names `name` (`url` by default).
    private init(strataStore url: URL, named name: URL? = nil) throws {
        kind = "strata"
        let inspector = StoreInspector(url: url)
        let metadata = try inspector.metadata()
        let counts = Dictionary(
            try inspector.rowCounts().map { ($0.entity, $0.rows) }, uniquingKeysWith: { first, _ in first })
        store = (name ?? url).path
        storeFormat = metadata.format
        version = metadata.version?.description
        fingerprint = metadata.fingerprint
        entities = metadata.schema.entities.map { Entity(name: $0.name, rows: counts[$0.name] ?? 0, $0) }
        history = try inspector.history().map {
            AppliedStage(
                from: $0.stage.from.label, to: $0.stage.to.label, kind: $0.kind,
                appliedAt: $0.appliedAt, rows: $0.rows)
        }
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        kind == "apple" ? appleTextLines(style: style) : strataTextLines(style: style)
    }

    /// The entities as an indented table of names, row counts and properties.
    private func entityLines(style: TextStyle) -> [String] {
        let table = TextTable(
            header: ["entity", "rows", "properties"],
            rows: entities.map { entity in
                let properties =
                    entity.attributes.map {
                        "\($0.name): \($0.type)\($0.optional ? "?" : "")\($0.unique ? " unique" : "")"
                    }
                    + entity.relationships.map { "\($0.name) -> \($0.toMany ? "[\($0.destination)]" : $0.destination)" }
                    + (entity.transient ?? []).map { "\($0) (transient, no data)" }
                // An Apple subentity shows its parent the Swift way (`TextMessage : Message`); its rows include its subentities'.
                let name =
                    entity.name + (entity.parent.map { " : \($0)" } ?? "")
                    + (entity.abstract == true ? " (abstract)" : "")
                return [name, String(entity.rows), properties.joined(separator: ", ")]
            },
            // Piped, there is no width to fit: every property is printed (issue 44, item 9).
            maximumColumnWidth: Console.outputIsTerminal ? 100 : nil)
        // `#Unique` and `#Index` groups on lines of their own, so a long property list never cuts them off.
        let groups = entities.compactMap { entity -> String? in
            let declared =
                (entity.uniqueGroups ?? []).map { "#Unique(\($0.joined(separator: ", ")))" }
                + (entity.indexes ?? []).map { "#Index(\($0.joined(separator: ", ")))" }
            return declared.isEmpty ? nil : "  \(entity.name): \(declared.joined(separator: ", "))"
        }
        return table.lines(style: style).map { "  " + $0 } + groups
    }

    /// A SwiftData or Core Data store's report as text; the checksum and digest say "DOES NOT MATCH" in capitals.
    private func appleTextLines(style: TextStyle) -> [String] {
        let shown = { (status: String?) in status == "does not match" ? "DOES NOT MATCH" : status ?? "not recorded" }
        let identifiers = (versionIdentifiers ?? []).map { $0.isEmpty ? "(empty)" : $0 }
        var lines = [
            "\(style.bold("Store"))               \(TerminalText.sanitize(store))",
            "\(style.bold("Format"))              \(StoreFormat.apple.description)",
            "\(style.bold("Version identifiers")) \(identifiers.isEmpty ? "none" : TerminalText.sanitize(identifiers.joined(separator: ", ")))",
            "\(style.bold("Framework version"))   \(frameworkVersion.map(String.init) ?? "not recorded")",
            "\(style.bold("Store UUID"))          \(TerminalText.sanitize(storeUUID ?? ""))",
            "\(style.bold("Checksum"))            \(shown(checksum))",
            "\(style.bold("Digest"))              \(shown(digest))",
            "",
            style.bold("Entities"),
        ]
        lines += entityLines(style: style)
        if entities.contains(where: { $0.parent != nil }) {
            lines.append(
                style.dim(
                    "  A subentity (`Name : Parent`) lists its inherited properties too; a parent's rows include its subentities'."
                ))
        }
        // A composite's fields on a line of their own, so a long struct is never cut off.
        for entity in entities {
            for attribute in entity.attributes where entity.composites?.contains(attribute.name) == true {
                lines.append(
                    "  \(TerminalText.sanitize(entity.name)).\(TerminalText.sanitize(attribute.name)): \(TerminalText.sanitize(attribute.type))\(attribute.optional ? "?" : "")"
                )
            }
        }
        for entity in entities {
            lines += (entity.notes ?? []).map {
                "  Note: \(TerminalText.sanitize(entity.name)).\(TerminalText.sanitize($0))"
            }
        }
        lines += (unmatchedRows ?? []).map { unmatched in
            let name = unmatched.storedName.map { " (\($0) in Z_PRIMARYKEY)" } ?? ""
            return
                "  Note: \(unmatched.rows) row(s) of \(unmatched.table) have Z_ENT \(unmatched.entityNumber.map(String.init) ?? "NULL")\(name), which matches no entity of the model; they are not shown or imported"
        }.map(TerminalText.sanitize)
        let tables = historyTables ?? []
        lines += [
            "",
            "\(style.bold("History tables")) (hidden) \(tables.isEmpty ? "none" : TerminalText.sanitize(tables.joined(separator: ", ")))",
        ]
        return lines
    }

    /// A Strata store's report as text.
    private func strataTextLines(style: TextStyle) -> [String] {
        var lines = [
            "\(style.bold("Store"))    \(TerminalText.sanitize(store))",
            "\(style.bold("Format"))   \(storeFormat.map(String.init) ?? "")",
            "\(style.bold("Version"))  \(version ?? "unversioned") (fingerprint \(TerminalText.sanitize(String((fingerprint ?? "").prefix(8)))))",
            "",
            style.bold("Entities"),
        ]
        lines += entityLines(style: style)
        lines += ["", style.bold("History")]
        let history = self.history ?? []
        if history.isEmpty {
            lines.append("  no migrations applied")
        } else {
            let formatter = ISO8601DateFormatter()
            lines += history.map { stage in
                "  \(formatter.string(from: stage.appliedAt))  \(TerminalText.sanitize(stage.kind)) \(TerminalText.sanitize(stage.from)) -> \(TerminalText.sanitize(stage.to)), \(CountText.rowWrites(stage.rows))"
            }
        }
        return lines
    }
}
