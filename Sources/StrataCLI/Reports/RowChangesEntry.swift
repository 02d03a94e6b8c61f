import Strata
import StrataText

/// What a stage did to one entity's rows, in a dry run's report: `{"entity", "renamedFrom"?, "inserted", "deleted", "changed",
/// "unchanged", "reinserted", "pairedBy"?, "properties": [{"property", "kind", "rows", "renamedFrom"?}], "samples":
/// [{"key", "keyBefore"?, "kind", "before", "after", "changed"}]}`; `before` and `after` hold every stored property of
/// their version (NULL as null), and are null for an inserted and a deleted row.
struct RowChangesEntry: Encodable {
    let entity: String
    /// The entity's earlier name, when the stage renamed it.
    let renamedFrom: String?
    let inserted: Int
    let deleted: Int
    let changed: Int
    let unchanged: Int
    let reinserted: Int
    let pairedBy: String?
    let properties: [Property]
    let samples: [Sample]

    /// A property's changed, dropped or filled values.
    struct Property: Encodable {
        let property: String
        let kind: String
        let rows: Int
        let renamedFrom: String?
    }

    /// One row before and after.
    struct Sample: Encodable {
        let key: Int64
        let keyBefore: Int64?
        let kind: String
        let before: [String: StoredJSON]?
        let after: [String: StoredJSON]?
        let changed: [String]
        let source: RowChangeSample

        init(_ sample: RowChangeSample) {
            source = sample
            key = sample.key
            keyBefore = sample.keyBefore
            kind = sample.kind.rawValue
            before = sample.before.map(Self.object)
            after = sample.after.map(Self.object)
            changed = sample.changedProperties
        }

        private static func object(_ values: RowValues) -> [String: StoredJSON] {
            Dictionary(uniqueKeysWithValues: zip(values.names, values.values.map(StoredJSON.init)))
        }

        private enum CodingKeys: String, CodingKey {
            case key, keyBefore, kind, before, after, changed
        }

        /// Writes `before` and `after` as null when the row has no such version.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encodeIfPresent(keyBefore, forKey: .keyBefore)
            try container.encode(kind, forKey: .kind)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
            try container.encode(changed, forKey: .changed)
        }
    }

    /// The entry of an entity's recorded changes.
    init(_ changes: EntityRowChanges) {
        entity = changes.entity
        renamedFrom = changes.renamedFrom
        inserted = changes.inserted
        deleted = changes.deleted
        changed = changes.changed
        unchanged = changes.unchanged
        reinserted = changes.reinserted
        pairedBy = changes.pairedBy
        properties = changes.properties.map {
            Property(property: $0.property, kind: $0.kind.rawValue, rows: $0.rows, renamedFrom: $0.renamedFrom)
        }
        samples = changes.samples.map(Sample.init)
    }

    /// "rows of Book: 3000 changed, 0 inserted, 0 deleted, 0 unchanged" ("rows of Writer (was Author): …" for a
    /// renamed entity), the properties, then each sample as a
    /// before line and an after line with the changed values marked `*`.
    func textLines(style: TextStyle) -> [String] {
        var counts = "\(changed) changed, \(inserted) inserted, \(deleted) deleted, \(unchanged) unchanged"
        if let pairedBy, reinserted > 0 {
            counts += " (\(reinserted) deleted and inserted again, paired by \(pairedBy))"
        }
        let renamed = renamedFrom.map { " (was \(TerminalText.sanitize($0)))" } ?? ""
        var lines = ["rows of \(TerminalText.sanitize(entity))\(renamed): \(counts)"]
        if !properties.isEmpty {
            lines.append(
                "  "
                    + properties.map { property in
                        let name = TerminalText.sanitize(property.property)
                        let renamed = property.renamedFrom.map { " (was \(TerminalText.sanitize($0)))" } ?? ""
                        return "\(name)\(renamed) \(property.kind) in \(property.rows)"
                    }.joined(separator: ", "))
        }
        for sample in samples {
            let keys = sample.keyBefore.map { "\(sample.key) (was \($0))" } ?? "\(sample.key)"
            lines.append("  \(TerminalText.sanitize(entity))/\(keys) \(sample.kind):")
            lines.append("    before: " + Self.values(sample.source.before, marking: sample.changed, style: style))
            lines.append("    after:  " + Self.values(sample.source.after, marking: sample.changed, style: style))
        }
        return lines
    }

    /// `name="text" number=3 *changed="value"`, or "(none)" for a row the version lacks.
    private static func values(_ row: RowValues?, marking changed: [String], style: TextStyle) -> String {
        guard let row else { return style.dim("(none)") }
        return zip(row.names, row.values).map { name, value in
            let text = "\(TerminalText.sanitize(name))=\(display(value))"
            return changed.contains(name) ? style.yellow("*" + text) : text
        }.joined(separator: " ")
    }

    /// A value for one line: text quoted, long values cut.
    static func display(_ value: StoredValue) -> String {
        let text = CharacterWidth.truncate(TerminalText.sanitize(value.description), to: 40)
        if case .text = value { return "\"\(text)\"" }
        return text
    }
}
