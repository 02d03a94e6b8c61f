import Foundation
import GRDB
import Strata

/// The four workloads at one size, each contender on fresh copies of the same store.
struct WorkloadSuite {
    let store: BenchStore
    let rows: Int
    let runs: Int

    /// W1 to W4, in order.
    func all() throws -> [WorkloadResult] {
        let v1 = try store.pristine(rows: rows)
        let v2 = try migrated(v1, to: Schema.Version(2, 0, 0), name: "v2-\(rows)")
        let v3 = try migrated(v2, to: Schema.Version(3, 0, 0), name: "v3-\(rows)")
        return [
            try workload("W1 lightweight", from: v1, to: Schema.Version(2, 0, 0), target: "<= 1.2x sqlite3", baselines: [
                ("sqlite3", { url in _ = try Baselines.runSQLite(Baselines.w1SQL, on: url) }),
                ("GRDB", { url in try DatabaseQueue(path: url.path).write { try $0.execute(sql: Baselines.w1SQL.replacingOccurrences(of: "BEGIN;", with: "").replacingOccurrences(of: "COMMIT;", with: "")) } }),
            ]),
            try workload("W2 rebuild", from: v2, to: Schema.Version(3, 0, 0), target: "<= 1.3x sqlite3 12-step", baselines: [
                ("sqlite3", { url in _ = try Baselines.runSQLite(Baselines.w2SQL, on: url) }),
            ]),
            try workload("W3 custom", from: v3, to: Schema.Version(4, 0, 0), target: "<= 2x GRDB, < 150 MiB", baselines: [
                ("GRDB", { url in _ = try Baselines.w3GRDB(url) }),
            ]),
            try dryRunWorkload(from: v1),
        ]
    }

    private func migrated(_ url: URL, to version: Schema.Version, name: String) throws -> URL {
        let copy = try store.copy(of: url, name: name)
        _ = try Migrator(store: copy, plan: BenchPlan.self, to: version).runAll()
        return copy
    }

    private func workload(
        _ name: String, from source: URL, to version: Schema.Version, target: String,
        baselines: [(String, (URL) throws -> Void)]
    ) throws -> WorkloadResult {
        var strataRuns: [RunResult] = []
        for run in 0..<runs {
            let url = try store.copy(of: source, name: "run-\(run)")
            strataRuns.append(try WorkloadResult.measure { _ = try Migrator(store: url, plan: BenchPlan.self, to: version).runAll() })
        }
        var measured: [(String, RunResult)] = []
        for (label, body) in baselines {
            var baselineRuns: [RunResult] = []
            for run in 0..<runs {
                let url = try store.copy(of: source, name: "\(label)-\(run)")
                baselineRuns.append(try WorkloadResult.measure { try body(url) })
            }
            measured.append((label, WorkloadResult.median(baselineRuns)))
        }
        return WorkloadResult(workload: name, rows: rows, strata: WorkloadResult.median(strataRuns), baselines: measured, target: target)
    }

    private func dryRunWorkload(from source: URL) throws -> WorkloadResult {
        var dry: [RunResult] = []
        var real: [RunResult] = []
        for run in 0..<runs {
            let url = try store.copy(of: source, name: "dry-\(run)")
            dry.append(try WorkloadResult.measure { _ = try Migrator.dryRun(store: url, plan: BenchPlan.self) })
            real.append(try WorkloadResult.measure { _ = try Migrator(store: url, plan: BenchPlan.self).runAll() })
        }
        return WorkloadResult(
            workload: "W4 dry run W1..W3", rows: rows, strata: WorkloadResult.median(dry),
            baselines: [("real run", WorkloadResult.median(real))], target: "<= 1.5x real run")
    }
}
