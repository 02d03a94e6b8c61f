import Foundation
import GRDB
import Strata
import StrataTUI

/// The workloads at one size, each contender on fresh copies of the same store.
struct WorkloadSuite {
    let store: BenchStore
    let rows: Int
    let runs: Int

    /// W1 to W5 and the UI's overhead, in order.
    func all() throws -> [WorkloadResult] {
        let v1 = try store.pristine(rows: rows)
        let v2 = try migrated(v1, to: Schema.Version(2, 0, 0), name: "v2-\(rows)")
        let v3 = try migrated(v2, to: Schema.Version(3, 0, 0), name: "v3-\(rows)")
        return [
            try workload("W1 lightweight", from: v1, to: Schema.Version(2, 0, 0), target: .ratio(1.2, to: "sqlite3"), baselines: [
                ("sqlite3", { url in try Baselines.runSQLite(Baselines.w1SQL, on: url) }),
                ("GRDB", { url in
                    try DatabaseQueue(path: url.path).write { try $0.execute(sql: Baselines.w1SQL.replacingOccurrences(of: "BEGIN;", with: "").replacingOccurrences(of: "COMMIT;", with: "")) }
                    return nil
                }),
            ]),
            try workload("W2 rebuild", from: v2, to: Schema.Version(3, 0, 0), target: .ratio(1.3, to: "sqlite3 12-step"), baselines: [
                ("sqlite3", { url in try Baselines.runSQLite(Baselines.w2SQL, on: url) }),
            ]),
            try workload("W3 custom", from: v3, to: Schema.Version(4, 0, 0), target: .ratioAndMemory(2, to: "GRDB", mebibytes: 150), baselines: [
                ("GRDB", { url in _ = try Baselines.w3GRDB(url); return nil }),
            ]),
            try dryRunWorkload(from: v1),
            try firstFrameWorkload(from: v1),
            try interfaceOverheadWorkload(from: v1),
        ]
    }

    private func migrated(_ url: URL, to version: Schema.Version, name: String) throws -> URL {
        let copy = try store.copy(of: url, name: name)
        _ = try Migrator(store: copy, plan: BenchPlan.self, to: version).runAll()
        return copy
    }

    /// `runs` medians of `body`, each on a fresh copy of `source`.
    private func median(_ name: String, of source: URL, _ body: (URL) throws -> Int?) throws -> RunResult {
        var results: [RunResult] = []
        for run in 0..<runs {
            let url = try store.copy(of: source, name: "\(name)-\(run)")
            results.append(try WorkloadResult.measure { try body(url) })
        }
        return WorkloadResult.median(results)
    }

    private func workload(
        _ name: String, from source: URL, to version: Schema.Version, target: Target,
        baselines: [(String, (URL) throws -> Int?)]
    ) throws -> WorkloadResult {
        let strata = try median("strata", of: source) { url in
            _ = try Migrator(store: url, plan: BenchPlan.self, to: version).runAll()
            return nil
        }
        let measured = try baselines.map { label, body in (label, try median(label, of: source, body)) }
        return WorkloadResult(workload: name, rows: rows, strata: strata, baselines: measured, target: target)
    }

    private func dryRunWorkload(from source: URL) throws -> WorkloadResult {
        var dry: [RunResult] = []
        var real: [RunResult] = []
        for run in 0..<runs {
            let url = try store.copy(of: source, name: "dry-\(run)")
            dry.append(try WorkloadResult.measure { _ = try Migrator.dryRun(store: url, plan: BenchPlan.self); return nil })
            real.append(try WorkloadResult.measure { _ = try Migrator(store: url, plan: BenchPlan.self).runAll(); return nil })
        }
        return WorkloadResult(
            workload: "W4 dry run W1..W3", rows: rows, strata: WorkloadResult.median(dry),
            baselines: [("real run", WorkloadResult.median(real))], target: .ratio(1.5, to: "real run"))
    }

    /// W5: the real event loop opening the V1 store with the plan, until the first frame (with the diff of the
    /// whole plan) and until the diff's data counts appear; then it quits.
    private func firstFrameWorkload(from source: URL) throws -> WorkloadResult {
        var frames: [RunResult] = []
        var counts: [Double] = []
        for run in 0..<runs {
            let url = try store.copy(of: source, name: "ui-\(run)")
            let countsNote = "Data counts from"
            let terminal = ScriptedTerminal(script: [.init(when: countsNote, key: .character("q"))], watching: [countsNote])
            let measured = try WorkloadResult.measure {
                EventLoop.run(try Session(store: url, plan: BenchPlan.self, width: 120, height: 40), on: terminal)
                return nil
            }
            frames.append(RunResult(seconds: terminal.firstFrame ?? .infinity, peakBytes: measured.peakBytes))
            counts.append(terminal.seen[countsNote] ?? .infinity)
        }
        return WorkloadResult(
            workload: "W5 open, first frame with the diff", rows: rows, strata: WorkloadResult.median(frames), baselines: [],
            target: .seconds(0.2), note: "data counts of the diff after \(WorkloadResult.time(counts.sorted()[counts.count / 2]))")
    }

    /// The UI's cost: the W1..W3 dry run driven from the event loop (progress events, reducer, a frame every
    /// 50 ms), from opening until the frame that says Done, against the same dry run with no one listening.
    /// The loop drains results between 50 ms input waits, so Done shows up to 50 ms late: noise at 1M rows.
    private func interfaceOverheadWorkload(from source: URL) throws -> WorkloadResult {
        var withInterface: [RunResult] = []
        for run in 0..<runs {
            let url = try store.copy(of: source, name: "ui-run-\(run)")
            let done = "Done: at"
            let terminal = ScriptedTerminal(script: [.init(when: nil, key: .character("r")), .init(when: done, key: .character("q"))], watching: [done])
            let measured = try WorkloadResult.measure {
                EventLoop.run(try Session(store: url, plan: BenchPlan.self, width: 120, height: 40), on: terminal)
                return nil
            }
            // Until the frame that says Done (the quit after it is not the migration's cost).
            withInterface.append(RunResult(seconds: terminal.seen[done] ?? .infinity, peakBytes: measured.peakBytes))
        }
        let without = try median("quiet-run", of: source) { url in
            _ = try Migrator.dryRun(store: url, plan: BenchPlan.self)
            return nil
        }
        return WorkloadResult(
            workload: "UI and progress events (W4 in the UI)", rows: rows, strata: WorkloadResult.median(withInterface),
            baselines: [("no UI", without)], target: .ratio(1.05, to: "no UI"))
    }
}
