import Foundation

extension PlanReport: ReviewReport {
    /// Loses data when a stage drops some; needs code when a stage is custom; safe otherwise (planning runs nothing,
    /// so it fails only on a stage the plan cannot hold).
    var verdict: ReportVerdict {
        let name = URL(fileURLWithPath: store).lastPathComponent
        let invalid = stages.filter { $0.invalid != nil }.map(\.title)
        if !invalid.isEmpty {
            return ReportVerdict(
                kind: .fails, reason: "plan \(plan) cannot hold stage \(invalid.joined(separator: ", ")).")
        }
        if let loss = ReviewSections.loss(in: stages.map { ($0.title, $0.changes) }) {
            return ReportVerdict(kind: .losesData, reason: "\(name) at \(storeVersion): " + loss + ".")
        }
        let custom = stages.filter { $0.kind == "custom" }.map(\.title)
        if !custom.isEmpty {
            return ReportVerdict(
                kind: .needsCode,
                reason:
                    "\(name) at \(storeVersion): custom stage\(custom.count == 1 ? "" : "s") \(custom.joined(separator: ", ")) run the app's code."
            )
        }
        return ReportVerdict(
            kind: .safe,
            reason:
                stages.isEmpty
                ? "\(name) is at \(storeVersion), plan \(plan)'s target: nothing to run."
                : "\(name) at \(storeVersion) reaches \(target) in \(stages.count) stage\(stages.count == 1 ? "" : "s") without custom code or loss."
        )
    }

    /// The stages, their changes, the first stage's findings on the store's rows.
    func markdownSections(paths: RepositoryPaths) -> [MarkdownDocument.Section] {
        var sections = [
            MarkdownDocument.Section(
                head: [
                    "### strata plan: \(MarkdownDocument.code(URL(fileURLWithPath: store).lastPathComponent)) at \(MarkdownDocument.code(storeVersion)) -> \(MarkdownDocument.code(target)), plan \(MarkdownDocument.code(plan))"
                ]),
            ReviewSections.stageTable(stages.map { ($0.index, $0.title, $0.kind, $0.changes) }, heading: "Stages"),
        ]
        if let changes = ReviewSections.changes(stages.map { ($0.title, $0.changes) }) { sections.append(changes) }
        if let findings = ReviewSections.findings(
            stages.map { ($0.title, $0.findings ?? []) }, heading: "In the store's rows (first stage)")
        {
            sections.append(findings)
        }
        return sections
    }

    /// The first stage's findings on the rows.
    func annotations(paths: RepositoryPaths) -> [ReportAnnotation] {
        ReviewSections.annotations(stages.map { ($0.title, $0.findings ?? []) })
    }

    /// Findings on the rows (warning), stages that drop data.
    var conditions: Set<FailCondition> {
        var met: Set<FailCondition> = []
        if stages.contains(where: { !($0.findings ?? []).isEmpty }) { met.insert(.warning) }
        if stages.contains(where: { stage in
            stage.changes.contains { $0.classification == "destructive" }
                || (stage.findings ?? []).contains(where: \.isLoss)
        }) {
            met.insert(.dataLoss)
        }
        return met
    }
}
