import Foundation
import Strata
import StrataAppleStores
import StrataText

/// What `strata import` reports, shape `strata.import/1`: `{"format", "source", "destination", "version",
/// "entities": [{"name", "rows"}], "links", "notes": [{"entity", "property", "message"}]}`; `version` is null for
/// an unversioned store, `property` null for a note about a whole entity.
struct ImportReport: Encodable {
    let format = "strata.import/1"
    /// The SwiftData or Core Data store read.
    let source: String
    /// The Strata store written.
    let destination: String
    /// The version the new store is recorded at.
    let version: String?
    /// Each entity with the rows copied.
    let entities: [EntityRows]
    /// Relationship links carried over.
    let links: Int
    /// What was not carried over as it is.
    let notes: [Note]
    /// The notes as text lines ("Entity.property: message").
    private let noteLines: [String]

    /// An entity and its copied rows.
    struct EntityRows: Encodable {
        let name: String
        let rows: Int
    }

    /// Something not carried over as it is.
    struct Note: Encodable {
        let entity: String
        let property: String?
        let message: String
    }

    private enum CodingKeys: String, CodingKey { case format, source, destination, version, entities, links, notes }

    /// The report of a finished import.
    init(_ report: AppleImportReport) {
        source = report.source.path
        destination = report.destination.path
        version = report.schema.version?.description
        entities = report.rows.map { EntityRows(name: $0.entity, rows: $0.rows) }
        links = report.links
        notes = report.notes.map { Note(entity: $0.entity, property: $0.property, message: $0.message) }
        noteLines = report.notes.map(\.description)
    }

    /// The text lines (through `TerminalText`): what was imported, per entity, the links, and what was not carried over.
    var textLines: [String] {
        var lines = ["Imported \(source) into \(destination) at version \(version ?? "unversioned")"]
        lines += entities.map { "  \($0.name): \(CountText.rows($0.rows))" }
        lines.append("  relationship links: \(links)")
        if notes.isEmpty {
            lines.append("Everything was carried over.")
        } else {
            lines.append("Not carried over as it is (\(notes.count)):")
            lines += noteLines.map { "  \($0)" }
        }
        return lines.map(TerminalText.sanitize)
    }
}
