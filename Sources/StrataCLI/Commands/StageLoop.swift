import Foundation
import Strata

/// Runs a migrator's pending stages (or only the next one), collecting each outcome and stopping at a failure.
enum StageLoop {
    /// Runs up to `limit` stages; returns their entries, the failing stage's error (naming the user's file, as the
    /// migrator's errors do), if any, and why it stopped before a custom stage whose code was not compiled
    /// (`notRunReason` says why it was not). Each entry holds what its stage printed and the side files it wrote.
    static func run(_ migrator: Migrator, limit: Int, notRunReason: String) -> (
        stages: [StageRunEntry], failure: (any Error)?, notRun: String?
    ) {
        var entries: [StageRunEntry] = []
        var output: [String] = []
        var sideFiles: [String] = []
        let observer = migrator.onEvent
        migrator.onEvent = { event in
            switch event {
            case .output(_, let line): output.append(line)
            case .sideFile(_, let path): sideFiles.append(path)
            default: break
            }
            observer?(event)
        }
        defer { migrator.onEvent = observer }
        while entries.count < limit, let stage = migrator.nextStage {
            let index = entries.count + 1
            if stage.lacksCode {
                return (
                    entries, nil,
                    "Custom stage \(stage.title) not run: \(notRunReason) (\(migrator.pending.count) stage\(migrator.pending.count == 1 ? "" : "s") not run)."
                )
            }
            (output, sideFiles) = ([], [])
            do {
                guard let report = try migrator.runNextStage() else { break }
                entries.append(
                    StageRunEntry(
                        stage, index: index, report: report, output: output, sideFiles: sideFiles,
                        recordedRows: migrator.rowRecorder != nil))
            } catch {
                let findings = (try? migrator.findings(of: stage)) ?? []
                let message = "\(error)"
                entries.append(
                    StageRunEntry(
                        stage, index: index, rows: 0, duration: 0, findings: findings, failure: message, output: output,
                        sideFiles: sideFiles))
                return (entries, error is StrataError ? error : CommandFailure.findings(message), nil)
            }
        }
        return (entries, nil, nil)
    }
}
