import Foundation
import Strata
import StrataSources
import StrataText

/// The text `strata next-version` prints: what it found (the starting state, the versions, the changes and their
/// classification, the stage) and the proof (the read-back and the dry run).
struct NextVersionReport {
    let draft: NextVersionDraft
    let folder: URL

    /// The versions, the changes with their classification, the stage, and the notes.
    var summaryLines: [String] {
        var lines = [
            "Plan \(draft.planName) (\(draft.start.rawValue)): shipped \(draft.shipped.name) \(draft.shipped.version), new \(draft.new.name) \(draft.new.version)"
        ]
        if draft.changes.isEmpty {
            lines.append("No change from \(draft.shipped.version) to \(draft.new.version).")
        } else {
            lines.append("Changes from \(draft.shipped.version) to \(draft.new.version):")
            lines += draft.changes.map { "  \($0.marker) \($0)  [\($0.classification.label)]" }
        }
        if let stage = draft.stage {
            lines.append("Stage: \(stage.kind) \(stage.from) -> \(stage.to)")
        }
        lines += draft.notes.map { "Note: \($0)" }
        return lines.map(TerminalText.sanitize)
    }

    /// The read-back's verdict and the dry run's stages.
    func proofLines(_ proof: NextVersionProof) -> [String] {
        var lines: [String] = []
        if proof.mismatches.isEmpty {
            let stages = proof.stages.map { "\($0.kind) \($0.from) -> \($0.to)" }.joined(separator: ", ")
            lines.append(
                "Read back: as intended: \(proof.versions.map(\.name).joined(separator: ", ")); stages: \(stages.isEmpty ? "none" : stages)"
            )
        } else {
            lines.append("Read back: NOT as intended:")
            lines += proof.mismatches.map { "  \($0)" }
        }
        if let report = proof.dryRun {
            lines.append(
                "Dry run on a sample store at \(report.storeVersion.label) (to \(report.targetVersion.label)):")
            for stage in report.stages {
                lines.append(
                    "  "
                        + Self.stageLine(
                            title: "\(stage.title) [\(stage.kind)]", failure: stage.failure?.description,
                            rows: stage.rows))
                lines += stage.findings.map { "    finding: \($0)" }
            }
            if let failure = report.failure { lines.append("  failed: \(failure)") }
        }
        if let notRun = proof.notRun { lines.append("Dry run: not run: \(notRun)") }
        if let compiled = proof.compiled {
            lines.append("Dry run at the compiled level on a sample store at \(draft.shipped.version):")
            lines += compiled.lines.map { "  \($0)" }
        }
        if let onStore = proof.onStore {
            lines.append("Dry run on the store given (--store):")
            lines += onStore.lines.map { "  \($0)" }
        }
        return lines.map(TerminalText.sanitize)
    }

    /// One stage of a dry run on the sample store: "1.0.0 -> 2.0.0 [custom]: 100 row writes, succeeded" (a row
    /// written by `willMigrate` and again by `didMigrate` counts twice), or its failure.
    static func stageLine(title: String, failure: String?, rows: Int) -> String {
        "\(title): " + (failure.map { "FAILED: \($0)" } ?? "\(CountText.rowWrites(rows)), succeeded")
    }
}
