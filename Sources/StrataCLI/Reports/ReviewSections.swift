/// The Markdown sections `check`, `plan` and `migrate` share: stages, their changes, the findings on the rows.
enum ReviewSections {
    /// "1 stage drops data: 1.0.0 -> 2.0.0 (Note.color removed (string))", from the destructive changes of
    /// `stages` (title, changes); nil when none drops any.
    static func loss(in stages: [(title: String, changes: [ChangeEntry])]) -> String? {
        let losing = stages.filter { $0.changes.contains { $0.classification == "destructive" } }
        guard !losing.isEmpty else { return nil }
        let named = losing.map { stage in
            "\(stage.title) (\(stage.changes.filter { $0.classification == "destructive" }.map(\.description).joined(separator: "; ")))"
        }
        return "\(losing.count) stage\(losing.count == 1 ? " drops" : "s drop") data: \(named.joined(separator: ", "))"
    }

    /// The stages as a table: index, stage, kind, the count of changes of each kind, and `extra` columns.
    static func stageTable(
        _ stages: [(index: Int, title: String, kind: String, changes: [ChangeEntry])], heading: String,
        extra: (columns: [String], cells: (Int) -> [String]) = ([], { _ in [] })
    ) -> MarkdownDocument.Section {
        guard !stages.isEmpty else { return MarkdownDocument.Section(head: ["#### \(heading)", "", "No stages."]) }
        return MarkdownDocument.Section(
            head: ["#### \(heading)", ""]
                + MarkdownDocument.tableHead(["#", "stage", "kind", "changes"] + extra.columns),
            items: stages.enumerated().map { offset, stage in
                MarkdownDocument.row(
                    [
                        "\(stage.index)", MarkdownDocument.code(stage.title), stage.kind,
                        ChangeCounts(stage.changes).text,
                    ]
                        + extra.cells(offset))
            }, itemName: "stages")
    }

    /// Every change of the stages, in a collapsible section: marker, description, classification, and the reason,
    /// fix or loss.
    static func changes(_ stages: [(title: String, changes: [ChangeEntry])]) -> MarkdownDocument.Section? {
        let items = stages.flatMap { stage in
            stage.changes.map { change in
                let note = change.loss.map { " loses: \($0)" } ?? change.fix.map { " fix: \($0)" } ?? ""
                return
                    "- \(MarkdownDocument.code(stage.title)) \(MarkdownDocument.inline("\(change.marker) \(change.description)")) **\(change.classification)**\(MarkdownDocument.inline(note))"
            }
        }
        guard !items.isEmpty else { return nil }
        return MarkdownDocument.Section(
            head: MarkdownDocument.details("Changes (\(items.count))"), items: items, tail: ["", "</details>"],
            itemName: "changes")
    }

    /// The findings on the rows, stage by stage, with their counts and sample keys, in a collapsible section.
    static func findings(_ stages: [(title: String, findings: [FindingEntry])], heading: String)
        -> MarkdownDocument.Section?
    {
        let rows = stages.flatMap { stage in
            stage.findings.map { finding in
                MarkdownDocument.row([
                    MarkdownDocument.code(stage.title), MarkdownDocument.inline(finding.kind),
                    MarkdownDocument.inline(
                        [finding.entity, finding.property].compactMap { $0 }.joined(separator: ".")),
                    "\(finding.count)", MarkdownDocument.inline(finding.samples.joined(separator: ", ")),
                ])
            }
        }
        guard !rows.isEmpty else { return nil }
        let losses = stages.flatMap(\.findings).count(where: \.isLoss)
        return MarkdownDocument.Section(
            head: MarkdownDocument.details(
                "\(heading): \(rows.count) finding\(rows.count == 1 ? "" : "s"), \(losses) losing data")
                + MarkdownDocument.tableHead(["stage", "finding", "subject", "count", "samples"]),
            items: rows, tail: ["", "</details>"], itemName: "findings")
    }

    /// Findings on the rows as annotations: a loss is a warning, anything else a notice; at no file.
    static func annotations(_ stages: [(title: String, findings: [FindingEntry])]) -> [ReportAnnotation] {
        stages.flatMap { stage in
            stage.findings.map {
                ReportAnnotation(
                    level: $0.isLoss ? .warning : .notice, rule: "strata/data", title: "Strata: stage \(stage.title)",
                    message: $0.description)
            }
        }
    }
}
