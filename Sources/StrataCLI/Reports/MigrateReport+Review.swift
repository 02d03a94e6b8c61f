import Foundation
import Strata

extension MigrateReport: ReviewReport {
    /// Fails when a stage failed; loses data when a stage dropped values, rows or links; needs code when a custom
    /// stage's code was not run; safe otherwise.
    var verdict: ReportVerdict {
        let name = URL(fileURLWithPath: store).lastPathComponent
        let run = dryRun ? "a dry run of plan \(plan) on a copy of \(name)" : "plan \(plan) on \(name)"
        if !succeeded {
            return ReportVerdict(
                kind: .fails,
                reason: "\(run) failed at \(stages.last?.title ?? "a stage"); the store stays at \(reached).")
        }
        let losing = stages.filter { $0.findings.contains(where: \.isLoss) }
        if !losing.isEmpty {
            let named = losing.map { stage in
                "\(stage.title) (\(stage.findings.filter(\.isLoss).map(\.description).joined(separator: "; ")))"
            }
            return ReportVerdict(kind: .losesData, reason: "\(run): \(named.joined(separator: ", ")).")
        }
        if let notRun { return ReportVerdict(kind: .needsCode, reason: "\(run) reached \(reached): \(notRun)") }
        return ReportVerdict(
            kind: .safe,
            reason:
                stages.isEmpty
                ? "\(name) is already at \(target); nothing to run."
                : "\(run) took it from \(from) to \(reached) in \(stages.count) stage\(stages.count == 1 ? "" : "s"), losing nothing."
        )
    }

    /// The stages run (status and rows copied, no timings), their changes, the findings on the rows, and a few rows
    /// before and after each stage (with `--rows`).
    func markdownSections(paths: RepositoryPaths) -> [MarkdownDocument.Section] {
        var sections = [
            MarkdownDocument.Section(
                head: [
                    "### strata migrate\(dryRun ? " --dry-run" : ""): \(MarkdownDocument.code(URL(fileURLWithPath: store).lastPathComponent)) \(MarkdownDocument.code(from)) -> \(MarkdownDocument.code(target)), plan \(MarkdownDocument.code(plan))"
                ]),
            ReviewSections.stageTable(
                stages.map { ($0.index, $0.title, $0.kind, $0.changes) }, heading: "Stages",
                extra: (["status", "rows"], { ["\(stages[$0].status)", "\(stages[$0].rows)"] })),
        ]
        if let changes = ReviewSections.changes(stages.map { ($0.title, $0.changes) }) { sections.append(changes) }
        if let findings = ReviewSections.findings(stages.map { ($0.title, $0.findings) }, heading: "In the rows") {
            sections.append(findings)
        }
        sections += stages.compactMap(rowSection)
        if let failure {
            sections.append(MarkdownDocument.Section(head: ["**Failure:** " + MarkdownDocument.inline(failure)]))
        }
        if let notRun {
            sections.append(MarkdownDocument.Section(head: ["**Not run:** " + MarkdownDocument.inline(notRun)]))
        }
        return sections
    }

    /// The rows of one stage before and after, per entity: counts, then its sample rows (the first three).
    private func rowSection(_ stage: StageRunEntry) -> MarkdownDocument.Section? {
        guard let changes = stage.rowChanges, !changes.isEmpty else { return nil }
        let items = changes.flatMap { entity -> [String] in
            let counts = MarkdownDocument.row([
                "**\(MarkdownDocument.inline(entity.entity))**",
                "\(entity.changed) changed, \(entity.inserted) inserted, \(entity.deleted) deleted, \(entity.unchanged) unchanged",
                "", "",
            ])
            return [counts]
                + entity.samples.prefix(3).map { sample in
                    MarkdownDocument.row([
                        MarkdownDocument.code("\(entity.entity)/\(sample.key)"), sample.kind,
                        Self.values(sample.source.before, changed: sample.changed),
                        Self.values(sample.source.after, changed: sample.changed),
                    ])
                }
        }
        return MarkdownDocument.Section(
            head: MarkdownDocument.details("Rows before and after \(stage.title)")
                + MarkdownDocument.tableHead(["row", "kind", "before", "after"]),
            items: items, tail: ["", "</details>"], itemName: "rows")
    }

    /// `name="text" number=3` with the changed values in bold, or "(none)".
    private static func values(_ row: RowValues?, changed: [String]) -> String {
        guard let row else { return "(none)" }
        return zip(row.names, row.values).map { name, value in
            let text = MarkdownDocument.inline("\(name)=\(RowChangesEntry.display(value))")
            return changed.contains(name) ? "**\(text)**" : text
        }.joined(separator: " ")
    }

    /// A failed stage (error), a custom stage not run (warning), the findings on the rows.
    func annotations(paths: RepositoryPaths) -> [ReportAnnotation] {
        var found = ReviewSections.annotations(stages.map { ($0.title, $0.findings) })
        if let failed = stages.last, let failure = failed.failure {
            found.append(
                ReportAnnotation(
                    level: .error, rule: "strata/stage", title: "Strata: stage \(failed.title) failed", message: failure
                ))
        }
        if let notRun {
            found.append(
                ReportAnnotation(
                    level: .warning, rule: "strata/stage", title: "Strata: custom stage not run", message: notRun))
        }
        return found
    }

    /// Findings on the rows (warning), data dropped, a custom stage not run.
    var conditions: Set<FailCondition> {
        var met: Set<FailCondition> = []
        if !succeeded { met.insert(.error) }
        if stages.contains(where: { !$0.findings.isEmpty }) { met.insert(.warning) }
        if stages.contains(where: { $0.findings.contains(where: \.isLoss) }) { met.insert(.dataLoss) }
        if notRun != nil { met.insert(.customNotRun) }
        return met
    }
}
