import Foundation
import GRDB
import Strata
import StrataTUI

/// The workloads at one size, each contender on fresh copies of the same store.
struct WorkloadSuite {
    let store: BenchStore
    let rows: Int
    let runs: Int
    /// The workloads to run by their first word (W1 ... W5, UI); all when empty.
    var only: Set<String> = []

    /// W1 to W5 and the UI's overhead, in order (those in `only`).
    func all() throws -> [WorkloadResult] {
        let v1 = try store.pristine(rows: rows)
        let v2 = try migrated(v1, to: Schema.Version(2, 0, 0), name: "v2-\(rows)")
        let v3 = try migrated(v2, to: Schema.Version(3, 0, 0), name: "v3-\(rows)")
        let selected: [(String, () throws -> WorkloadResult)] = [
            (
                "W1",
                {
                    try workload(
                        "W1 lightweight", from: v1, to: Schema.Version(2, 0, 0), target: .ratio(1.2, to: "sqlite3"),
                        baselines: [
                            ("sqlite3", { url in try Baselines.runSQLite(Baselines.w1SQL, on: url) }),
                            (
                                "GRDB",
                                { url in
                                    try DatabaseQueue(path: url.path).write {
                                        try $0.execute(
                                            sql: Baselines.w1SQL.replacingOccurrences(of: "BEGIN;", with: "")
                                                .replacingOccurrences(of: "COMMIT;", with: ""))
                                    }
                                    return nil
                                }
                            ),
                        ])
                }
            ),
            (
                "W2",
                {
                    try workload(
                        "W2 rebuild", from: v2, to: Schema.Version(3, 0, 0), target: .ratio(1.3, to: "sqlite3 12-step"),
                        baselines: [
                            ("sqlite3", { url in try Baselines.runSQLite(Baselines.w2SQL, on: url) })
                        ])
                }
            ),
            (
                "W3",
                {
                    try workload(
                        "W3 custom", from: v3, to: Schema.Version(4, 0, 0),
                        target: .ratioAndMemory(2, to: "GRDB", mebibytes: 150),
                        baselines: [
                            (
                                "GRDB",
                                { url in
                                    _ = try Baselines.w3GRDB(url)
                                    return nil
                                }
                            )
                        ])
                }
            ),
            ("W4", { try dryRunWorkload(from: v1) }),
            ("W4R", { try rowChangesWorkload(from: v1) }),
            ("W5", { try firstFrameWorkload(from: v1) }),
            ("UI", { try interfaceOverheadWorkload(from: v1) }),
        ]
        return try selected.filter { only.isEmpty || only.contains($0.0) }.map { try $0.1() }
    }

    private func migrated(_ url: URL, to version: Schema.Version, name: String) throws -> URL {
        let copy = try store.copy(of: url, name: name)
        _ = try Migrator(store: copy, plan: BenchPlan.self, to: version).runAll()
        return copy
    }

    /// Each contender's median over interleaved rounds on fresh copies of `source`.
    private func medians(of source: URL, _ contenders: [Contender]) throws -> [RunResult] {
        try InterleavedRounds(store: store, runs: runs).medians(of: source, contenders)
    }

    private func workload(
        _ name: String, from source: URL, to version: Schema.Version, target: Target,
        baselines: [(String, (URL) throws -> Int?)]
    ) throws -> WorkloadResult {
        let strata = InterleavedRounds.timed("strata") { url in
            _ = try Migrator(store: url, plan: BenchPlan.self, to: version).runAll()
            return nil
        }
        let results = try medians(of: source, [strata] + baselines.map { InterleavedRounds.timed($0.0, $0.1) })
        return WorkloadResult(
            workload: name, rows: rows, strata: results[0],
            baselines: zip(baselines, results.dropFirst()).map { ($0.0.0, $0.1) },
            target: target)
    }

    private func dryRunWorkload(from source: URL) throws -> WorkloadResult {
        let results = try medians(
            of: source,
            [
                InterleavedRounds.timed("dry") { url in
                    _ = try Migrator.dryRun(store: url, plan: BenchPlan.self)
                    return nil
                },
                InterleavedRounds.timed("real") { url in
                    _ = try Migrator(store: url, plan: BenchPlan.self).runAll()
                    return nil
                },
            ])
        return WorkloadResult(
            workload: "W4 dry run W1..W3", rows: rows, strata: results[0], baselines: [("real run", results[1])],
            target: .ratio(1.5, to: "real run"))
    }

    /// W4r: the same dry run recording each stage's row changes (`--rows`: a snapshot of the copy before each stage,
    /// a comparison by key after it, five samples per entity), against the plain dry run.
    private func rowChangesWorkload(from source: URL) throws -> WorkloadResult {
        let results = try medians(
            of: source,
            [
                InterleavedRounds.timed("rows") { url in
                    _ = try Migrator.dryRun(store: url, plan: BenchPlan.self, rows: RowChangeOptions(sampleLimit: 5))
                    return nil
                },
                InterleavedRounds.timed("dry") { url in
                    _ = try Migrator.dryRun(store: url, plan: BenchPlan.self)
                    return nil
                },
            ])
        return WorkloadResult(
            workload: "W4r dry run W1..W3 with row changes", rows: rows, strata: results[0],
            baselines: [("dry run", results[1])], target: .ratio(1.5, to: "dry run"))
    }

    /// W5: the real event loop opening the V1 store with the plan, until the first frame (with the diff of the
    /// whole plan) and until the diff's data counts appear; then it quits.
    private func firstFrameWorkload(from source: URL) throws -> WorkloadResult {
        var counts: [Double] = []
        let countsNote = "Data counts from"
        let frames = try medians(
            of: source,
            [
                (
                    "ui",
                    { url in
                        let terminal = ScriptedTerminal(
                            script: [.init(when: countsNote, key: .character("q"))], watching: [countsNote])
                        let measured = try WorkloadResult.measure {
                            EventLoop.run(
                                try Session(store: url, plan: BenchPlan.self, width: 120, height: 40), on: terminal)
                            return nil
                        }
                        counts.append(terminal.seen[countsNote] ?? .infinity)
                        return RunResult(seconds: terminal.firstFrame ?? .infinity, peakBytes: measured.peakBytes)
                    }
                )
            ])
        return WorkloadResult(
            workload: "W5 open, first frame with the diff", rows: rows, strata: frames[0], baselines: [],
            target: .seconds(0.2),
            note: "data counts of the diff after \(WorkloadResult.time(counts.sorted()[counts.count / 2]))")
    }

    /// The UI's cost: the W1..W3 dry run started with `r` in the real event loop (progress events, reducer, a
    /// frame every 50 ms, the browser's counts after the run) once the opening frame shows the diff's data
    /// counts, until the frame that says Done; against the same run with no one listening: the stages on a private
    /// copy recording their row changes as the UI's dry run does (for `c`, without samples), and, as a second
    /// baseline, without recording (W4r measures what recording costs). Each excludes making the copy. A fourth run
    /// presses Ctrl-C once the last stage shows and measures until the frame saying it rolled back (none when the
    /// run ended first, as at small sizes).
    private func interfaceOverheadWorkload(from source: URL) throws -> WorkloadResult {
        let counts = "Data counts from"
        let done = "Done: at"
        let cancelled = "Cancelled: the stage rolled back"
        var rates: [Double] = []
        var cancels: [Double] = []
        let rounds = try InterleavedRounds(store: store, runs: runs).rounds(
            of: source,
            [
                (
                    "ui",
                    { url in
                        let terminal = ScriptedTerminal(
                            script: [
                                .init(when: counts, key: .character("r")), .init(when: done, key: .character("q")),
                            ], watching: [done])
                        let measured = try WorkloadResult.measure {
                            EventLoop.run(
                                try Session(store: url, plan: BenchPlan.self, width: 120, height: 40), on: terminal)
                            return nil
                        }
                        let seconds = terminal.seen[done].map { $0 - terminal.pressed[0] } ?? .infinity
                        let during = terminal.frames.filter {
                            $0 > terminal.pressed[0] && $0 <= terminal.pressed[0] + seconds
                        }
                        rates.append(Double(during.count) / seconds)
                        return RunResult(seconds: seconds, peakBytes: measured.peakBytes)
                    }
                ),
                (
                    "cancel",
                    { url in
                        let terminal = ScriptedTerminal(
                            script: [
                                .init(when: counts, key: .character("r")),
                                .init(
                                    when: "Stage \(BenchPlan.stages.count)/\(BenchPlan.stages.count)", key: .interrupt),
                                .init(whenAny: [cancelled, done], key: .character("q")),
                            ], watching: [cancelled])
                        let measured = try WorkloadResult.measure {
                            EventLoop.run(
                                try Session(store: url, plan: BenchPlan.self, width: 120, height: 40), on: terminal)
                            return nil
                        }
                        if let end = terminal.seen[cancelled] { cancels.append(end - terminal.pressed[1]) }
                        // What this run measures is the cancel's latency, in `cancels`; its slot of the medians
                        // (`results[1]`) is not read.
                        return RunResult(seconds: 0, peakBytes: measured.peakBytes)
                    }
                ),
                (
                    "quiet",
                    { url in
                        let migrator = try Migrator.onPrivateCopy(of: url, plan: BenchPlan.self)
                        try migrator.recordRowChanges(RowChangeOptions(sampleLimit: 0))
                        return try WorkloadResult.measure {
                            _ = try migrator.runAll()
                            return nil
                        }
                    }
                ),
                (
                    "plain",
                    { url in
                        let migrator = try Migrator.onPrivateCopy(of: url, plan: BenchPlan.self)
                        return try WorkloadResult.measure {
                            _ = try migrator.runAll()
                            return nil
                        }
                    }
                ),
            ])
        let results = rounds.map(WorkloadResult.median)
        let paired = InterleavedRounds.pairedRatio(rounds, 0, to: 2)
        return WorkloadResult(
            workload: "UI and progress events (W4 in the UI)", rows: rows, strata: results[0],
            baselines: [("no UI", results[2]), ("no UI, no recording", results[3])], target: .ratio(1.05, to: "no UI"),
            note: String(format: "UI / no UI in the same round %.2fx (median of the rounds' ratios); ", paired)
                + "\(Int(rates.sorted()[rates.count / 2].rounded())) frames a second while the stages ran (median); "
                + (cancels.isEmpty
                    ? "the run ended before a cancel could land"
                    : "Ctrl-C in the last stage to the frame saying it rolled back \(WorkloadResult.time(cancels.sorted()[cancels.count / 2])) (median of \(cancels.count))")
        )
    }
}
