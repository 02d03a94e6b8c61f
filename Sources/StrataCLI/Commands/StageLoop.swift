import Foundation
import Strata

/// Runs a migrator's pending stages (or only the next one) through the engine's loop, collecting each outcome with
/// what its stage printed and the side files it wrote.
enum StageLoop {
    /// Runs up to `limit` stages; returns their entries, the failing stage's error (naming the user's file, as the
    /// migrator's errors do), if any, and why it stopped before a custom stage without code (the engine refuses it;
    /// the stage says why it has none); `onEvent` hears the run's events as they happen.
    static func run(_ migrator: Migrator, limit: Int, onEvent: ((MigrationEvent) -> Void)? = nil) -> (
        stages: [StageRunEntry], failure: (any Error)?, notRun: String?
    ) {
        var entries: [StageRunEntry] = []
        var failure: (any Error)?
        var output: [String] = []
        var sideFiles: [String] = []
        let collect: (MigrationEvent) -> Void = { event in
            switch event {
            case .output(_, let line): output.append(line)
            case .sideFile(_, let path): sideFiles.append(path)
            default: break
            }
            onEvent?(event)
        }
        let run = cancellingOnInterrupt(migrator.cancellation) {
            migrator.runStages(
                limit: limit,
                each: { stage, outcome in
                    let index = entries.count + 1
                    switch outcome {
                    case .success(let report):
                        entries.append(
                            StageRunEntry(
                                stage, index: index, report: report, output: output, sideFiles: sideFiles,
                                recordedRows: migrator.rowRecorder != nil))
                    case .failure(let error):
                        let findings = (try? migrator.findings(of: stage)) ?? []
                        entries.append(
                            StageRunEntry(
                                stage, index: index, rows: 0, duration: 0, findings: findings,
                                failure: MigrationFailure(error),
                                output: output,
                                sideFiles: sideFiles))
                        failure = error is StrataError ? error : CommandFailure.findings("\(error)")
                    }
                    (output, sideFiles) = ([], [])
                }, onEvent: collect)
        }
        guard case .stageWithoutCode(let stage, let reason)? = run.notRun else { return (entries, failure, nil) }
        let left = migrator.pending.count
        return (
            entries, nil, "Custom stage \(stage) not run: \(reason) (\(left) stage\(left == 1 ? "" : "s") not run)."
        )
    }

    /// Runs `body` with Ctrl-C (SIGINT) cancelling the migration: the running stage rolls back and the report says
    /// where the store is; a second Ctrl-C ends the process at once, as it would without this.
    private static func cancellingOnInterrupt<T>(_ cancellation: MigrationCancellation, _ body: () -> T) -> T {
        signal(SIGINT, SIG_IGN)
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupts.setEventHandler {
            cancellation.cancel()
            signal(SIGINT, SIG_DFL)
        }
        interrupts.resume()
        defer {
            interrupts.cancel()
            signal(SIGINT, SIG_DFL)
        }
        return body()
    }
}
