import Foundation
import Strata

/// Runs a migrator's pending stages (or only the next one), collecting each outcome and stopping at a failure.
enum StageLoop {
    /// Runs up to `limit` stages; returns their entries and the failing stage's error (naming `storePath`, not a
    /// private copy's path), if any.
    static func run(_ migrator: Migrator, limit: Int, storePath: String) -> (stages: [StageRunEntry], failure: String?) {
        var entries: [StageRunEntry] = []
        while entries.count < limit, let stage = migrator.nextStage {
            let index = entries.count + 1
            do {
                guard let report = try migrator.runNextStage() else { break }
                entries.append(StageRunEntry(stage, index: index, report: report))
            } catch {
                let findings = (try? migrator.findings(of: stage)) ?? []
                let message = "\(error)".replacingOccurrences(of: migrator.storeURL.path, with: storePath)
                entries.append(StageRunEntry(stage, index: index, rows: 0, duration: 0, findings: findings, failure: message))
                return (entries, message)
            }
        }
        return (entries, nil)
    }
}
