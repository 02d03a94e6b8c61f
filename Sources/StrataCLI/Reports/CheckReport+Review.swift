extension CheckReport: ReviewReport {
    /// Fails on an error or a failing upgrade path; loses data when a stage drops some; needs code when a stage is
    /// custom or an upgrade path stopped at one; safe otherwise.
    var verdict: ReportVerdict {
        let failed = upgrades?.filter { $0.outcome == .failed } ?? []
        if !valid || !failed.isEmpty {
            var parts: [String] = []
            if !valid { parts.append("plan \(plan) has \(problems.count) error\(problems.count == 1 ? "" : "s")") }
            if !failed.isEmpty {
                parts.append(
                    "\(failed.count) of \(upgrades?.count ?? 0) upgrade path\(upgrades?.count == 1 ? "" : "s") fail\(failed.count == 1 ? "s" : "") (from \(failed.map(\.from).joined(separator: ", ")))"
                )
            }
            return ReportVerdict(kind: .fails, reason: parts.joined(separator: "; ") + ".")
        }
        if let loss = ReviewSections.loss(in: stages.map { ($0.title, $0.changes) }) {
            return ReportVerdict(kind: .losesData, reason: loss + ".")
        }
        let custom = stages.filter { $0.kind == "custom" }.map(\.title)
        let stopped = upgrades?.filter { $0.outcome == .stopped }.map(\.from) ?? []
        if !custom.isEmpty || !stopped.isEmpty {
            var parts: [String] = []
            if !custom.isEmpty {
                parts.append(
                    "custom stage\(custom.count == 1 ? "" : "s") \(custom.joined(separator: ", ")) run the app's code")
            }
            if !stopped.isEmpty {
                parts.append("upgrade paths from \(stopped.joined(separator: ", ")) stopped where code could not run")
            }
            return ReportVerdict(kind: .needsCode, reason: parts.joined(separator: "; ") + ".")
        }
        let paths = upgradeTarget.map { " every upgrade path reaches \($0);" } ?? ""
        return ReportVerdict(
            kind: .safe,
            reason:
                "plan \(plan): \(versions.count) version\(versions.count == 1 ? "" : "s"), \(stages.count) stage\(stages.count == 1 ? "" : "s") without custom code or loss;\(paths) \(diagnostics?.count ?? 0) lint finding\(diagnostics?.count == 1 ? "" : "s")."
        )
    }

    /// The stages, their changes, the lint, the upgrade matrix.
    func markdownSections(paths: RepositoryPaths) -> [MarkdownDocument.Section] {
        var sections = [
            MarkdownDocument.Section(
                head: [
                    "### strata check: plan \(MarkdownDocument.code(plan))", "",
                    "Versions: " + versions.map { MarkdownDocument.code($0.version) }.joined(separator: ", ")
                        + (cloudKit.map { " · CloudKit sync: " + MarkdownDocument.inline($0.joined(separator: "; ")) }
                            ?? ""),
                ]),
            ReviewSections.stageTable(
                stages.map { ($0.index, $0.title, $0.kind, $0.changes) }, heading: "Stages",
                extra: stages.contains { $0.invalid != nil }
                    ? (["invalid"], { [stages[$0].invalid.map(MarkdownDocument.inline) ?? ""] }) : ([], { _ in [] })),
        ]
        if let changes = ReviewSections.changes(stages.map { ($0.title, $0.changes) }) { sections.append(changes) }
        if let coreData {
            sections.append(
                MarkdownDocument.Section(
                    head: [
                        "#### Core Data's verdict (\(coreData.mode), current \(MarkdownDocument.code(coreData.current)))",
                        "",
                    ],
                    items: coreData.steps.map {
                        "- \(MarkdownDocument.code("\($0.from) -> \($0.to)")): \(MarkdownDocument.inline($0.outcome))"
                    }, itemName: "steps"))
        }
        if let diagnostics {
            let warnings = diagnostics.count - problems.count
            sections.append(
                MarkdownDocument.Section(
                    head: MarkdownDocument.details(
                        "Lint: \(problems.count) error\(problems.count == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
                    )
                        + MarkdownDocument.tableHead(["place", "severity", "message"]),
                    items: diagnostics.map {
                        MarkdownDocument.row([
                            MarkdownDocument.code("\(paths.relative($0.file)):\($0.line):\($0.column)"), $0.severity,
                            MarkdownDocument.inline($0.message),
                        ])
                    }, tail: ["", "</details>"], itemName: "lint findings"))
        } else if !problems.isEmpty {
            sections.append(
                MarkdownDocument.Section(
                    head: ["#### Problems", ""], items: problems.map { "- " + MarkdownDocument.inline($0) },
                    itemName: "problems"))
        }
        if let upgrades, let upgradeTarget { sections += upgradeSections(upgrades, target: upgradeTarget) }
        return sections
    }

    /// The `--upgrades` matrix (per starting version its outcome and per entity kept/changed/inserted/deleted),
    /// then why each path that did not reach the target stopped.
    private func upgradeSections(_ upgrades: [UpgradePathEntry], target: String) -> [MarkdownDocument.Section] {
        let entities = upgrades.flatMap { $0.entities.map(\.entity) }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        var sections = [
            MarkdownDocument.Section(
                head: [
                    "#### Upgrade paths to \(MarkdownDocument.code(target))", "",
                    "\(upgradeRows ?? 0) sample rows per entity; per entity kept/changed/inserted/deleted.", "",
                ] + MarkdownDocument.tableHead(["from", "outcome"] + entities.map(MarkdownDocument.inline)),
                items: upgrades.map { path in
                    MarkdownDocument.row(
                        [MarkdownDocument.code(path.from), MarkdownDocument.inline(path.outcomeText)]
                            + entities.map { name in
                                path.entities.first { $0.entity == name }.map {
                                    "\($0.kept)/\($0.changed)/\($0.inserted)/\($0.deleted)"
                                } ?? "-"
                            })
                }, itemName: "upgrade paths")
        ]
        let stopped = upgrades.filter { $0.outcome != .reached }
        if !stopped.isEmpty {
            sections.append(
                MarkdownDocument.Section(
                    head: MarkdownDocument.details(
                        "Why \(stopped.count) path\(stopped.count == 1 ? "" : "s") did not reach \(target)"),
                    items: stopped.map {
                        "- \(MarkdownDocument.code($0.from)) \(MarkdownDocument.inline($0.outcomeText)): \(MarkdownDocument.inline($0.message ?? ""))"
                    },
                    tail: ["", "</details>"], itemName: "paths"))
        }
        return sections
    }

    /// The lint's findings at their places (CloudKit's rules under their own rule), the plan's problems when there
    /// is no lint, and the upgrade paths that failed (errors) or stopped (notices).
    func annotations(paths: RepositoryPaths) -> [ReportAnnotation] {
        var found: [ReportAnnotation] =
            diagnostics?.map {
                let cloudKit = $0.message.hasPrefix("CloudKit: ")
                return ReportAnnotation(
                    level: $0.severity == "error" ? .error : .warning,
                    rule: cloudKit ? "strata/cloudkit" : "strata/lint",
                    title: cloudKit ? "Strata: CloudKit" : "Strata: plan \(plan)", message: $0.message,
                    file: paths.relative($0.file), line: $0.line, column: $0.column)
            }
            ?? problems.map {
                ReportAnnotation(level: .error, rule: "strata/plan", title: "Strata: plan \(plan)", message: $0)
            }
        for path in upgrades ?? [] where path.outcome != .reached {
            found.append(
                ReportAnnotation(
                    level: path.outcome == .failed ? .error : .notice, rule: "strata/upgrade",
                    title: "Strata: upgrade from \(path.from) \(path.outcomeText)",
                    message: path.message ?? path.outcomeText))
        }
        return found
    }

    /// Warnings in the lint, stages that drop data, upgrade paths stopped where custom code could not run.
    var conditions: Set<FailCondition> {
        var met: Set<FailCondition> = []
        if !valid || upgrades?.contains(where: { $0.outcome == .failed }) == true { met.insert(.error) }
        if diagnostics?.contains(where: { $0.severity == "warning" }) == true { met.insert(.warning) }
        if stages.contains(where: { $0.changes.contains { $0.classification == "destructive" } }) {
            met.insert(.dataLoss)
        }
        if upgrades?.contains(where: { $0.outcome == .stopped }) == true { met.insert(.customNotRun) }
        return met
    }
}
