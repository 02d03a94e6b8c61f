import Strata
import StrataText

/// The Diff pane: the changes between the two picked versions, step by step along the plan and grouped by entity,
/// each with its marker, classification, reason and (when a store is open) data counts; without a plan, or with
/// both ends on one version, that version's schema.
enum DiffView {
    /// The title of the large pane when it shows the diff.
    static func title(_ state: AppState, glyphs: Glyphs) -> String {
        guard state.schemas.count > 1 else { return "Schema \(state.storeVersion)" }
        let name = { (index: Int) in state.versions[index].label }
        if state.diffFrom == state.diffTo { return "Schema \(name(state.diffFrom))" }
        return "Diff \(name(state.diffFrom)) \(glyphs.arrow) \(name(state.diffTo))"
    }

    /// The lines at a width.
    static func lines(_ state: AppState, width: Int) -> [Line] {
        guard state.schemas.count > 1, state.diffFrom != state.diffTo else { return schemaLines(state, width: width) }
        var lines = [
            Line(Formatting.plural(state.diff.count, "change", "changes"), .plain, .bold)
                .with(state.diff.isEmpty ? "" : " · \(summary(state.diff))", .dim)
        ]
        if let note = state.findingsNote { lines += Line.wrap(note, width: width).map { Line($0, .dim) } }
        let filter = state.filters[.diff] ?? ""
        var entity: String?
        var step: String?
        for entry in state.diff
        where filter.isEmpty || "\(entry.text) \(entry.label)".localizedCaseInsensitiveContains(filter) {
            if let next = entry.step, next != step {
                step = next
                entity = nil
                lines.append(Line())
                lines.append(Line(next.replacingOccurrences(of: "->", with: state.options.glyphs.arrow), .info, .bold))
            }
            if entry.entity != entity {
                entity = entry.entity
                lines.append(Line())
                var heading = Line(entry.entity, .heading, [.bold, .underline])
                if let lineage = entry.lineage { heading = heading.with(lineage.suffix, .dim) }
                lines.append(heading)
            }
            var line = Line("  \(entry.marker) ", role(marker: entry.marker), .bold)
                .with(CharacterWidth.pad(entry.label, to: 12), role(label: entry.label))
                .with(shortText(entry))
            if let ancestor = entry.inheritedFrom { line = line.with(" (inherited from \(ancestor))", .dim) }
            lines.append(line)
            let indent = "                "
            if let detail = entry.detail {
                lines += Line.wrap(detail, width: width - indent.count).map { Line(indent + $0, .dim) }
            }
            for finding in state.findings where finding.entity == entry.entity && finding.property == entry.property {
                // A custom stage that makes this change and has run without failing dealt with what its data lacked
                // (its checks passed): the count is what its code handled, not a problem (issue 44, item 9).
                let handledBy =
                    finding.isLoss
                    ? nil
                    : state.stages.first { stage in
                        stage.status == .done && stage.kind == .custom
                            && stage.changes.contains { $0.entity == entry.entity && $0.property == entry.property }
                    }
                let text =
                    handledBy.map {
                        "data: \(findingText(finding)), handled by the custom stage \($0.id.label(state.options.glyphs)), which ran"
                    } ?? "data: \(findingText(finding))"
                lines += Line.wrap(text, width: width - indent.count).map {
                    Line(indent + $0, handledBy == nil ? .warning : .dim)
                }
            }
        }
        return lines
    }

    /// "1 lightweight, 2 custom, 1 destructive".
    static func summary(_ entries: [DiffEntry]) -> String {
        ["lightweight", "custom", "destructive"].compactMap { label in
            let count = entries.filter { $0.label == label }.count
            return count == 0 ? nil : "\(count) \(label)"
        }.joined(separator: ", ")
    }

    /// The change's text without its entity prefix (the heading names it).
    static func shortText(_ entry: DiffEntry) -> String {
        entry.text.hasPrefix(entry.entity + ".") ? String(entry.text.dropFirst(entry.entity.count + 1)) : entry.text
    }

    /// "200,000 non-nil values dropped (e.g. Book/1, Book/2)".
    static func findingText(_ finding: DataFinding) -> String { finding.summary(grouped: true) }

    /// The colour of a +/-/~ marker.
    static func role(marker: String) -> Role {
        switch marker {
        case "+": .added
        case "-": .removed
        default: .changed
        }
    }

    /// The colour of a classification.
    static func role(label: String) -> Role {
        switch label {
        case "lightweight": .lightweight
        case "custom": .custom
        default: .destructive
        }
    }

    /// One version's schema, entity by entity: the store's without a plan, or the version both ends are on.
    static func schemaLines(_ state: AppState, width: Int) -> [Line] {
        let index = state.schemas.count > 1 ? state.diffFrom : 0
        guard state.schemas.indices.contains(index) else { return [Line("The store records no schema.", .dim)] }
        let schema = state.schemas[index]
        let note =
            state.schemas.count > 1
            ? "f and t are both on \(state.versions[index].label): its schema (pick another version to diff)."
            : "No plan given: the store's recorded schema (pass --plan NAME to diff versions)."
        var lines = Line.wrap(note, width: width).map { Line($0, .dim) }
        for entity in schema.entities {
            // A store's own model names each entity's parent and marks the properties it inherits.
            let lineage = state.storeModelFirst && index == 0 ? state.modelLineage[entity.name] : nil
            func marked(_ line: Line, _ property: String) -> Line {
                lineage?.inherited[property].map { line.with("  inherited from \($0)", .info) } ?? line
            }
            lines.append(Line())
            let heading = Line(entity.name, .heading, [.bold, .underline])
            lines.append(lineage.map { heading.with($0.suffix, .dim) } ?? heading)
            for attribute in entity.attributes {
                let options = (attribute.isOptional ? ["optional"] : []) + attribute.options.map(\.name)
                lines.append(
                    marked(
                        Line("  \(attribute.name)").with(
                            ": \(attribute.valueType)\(options.isEmpty ? "" : " (\(options.joined(separator: ", ")))")",
                            .dim), attribute.name))
            }
            for relationship in entity.relationships {
                lines.append(
                    marked(
                        Line("  \(relationship.name)").with(
                            " \(state.options.glyphs.arrow) \(relationship.isToMany ? "[\(relationship.destination)]" : relationship.destination)",
                            .dim), relationship.name))
            }
        }
        return lines
    }
}
