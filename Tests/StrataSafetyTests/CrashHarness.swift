import Foundation
import StrataExamples

/// Kills `strata migrate <store> --plan ledger --yes` with SIGKILL at chosen points and checks the store after each
/// kill (see `LedgerExpectation.verify`). Kills come in chains on one copy of the seed store: each run after a
/// kill resumes the migration and may be killed again; the chain ends with a run that must finish it.
struct CrashHarness {
    /// How big and how long.
    struct Profile {
        let rows: Int
        let kills: Int
        let killsPerChain: Int

        /// A few kills on a small store: part of `swift test`.
        static let quick = Profile(rows: 3_000, kills: 6, killsPerChain: 3)
        /// At least 200 kills on 100,000 rows: `STRATA_FULL=1 swift test --filter CrashSuite`.
        static let full = Profile(rows: 100_000, kills: 200, killsPerChain: 8)

        /// `full` when `STRATA_FULL=1`, otherwise `quick`.
        static var current: Profile { ProcessInfo.processInfo.environment["STRATA_FULL"] == "1" ? .full : .quick }
    }

    /// What the runs added up to.
    struct Tally {
        var kills = 0
        var passed = 0
        var failed = 0
        var finishedBeforeKill = 0
        var chains = 0
        var byVersion: [Int: Int] = [:]
        var byTrigger: [String: Int] = [:]
        var failures: [String] = []

        var summary: String {
            let versions = byVersion.keys.sorted().map { "\($0).0.0: \(byVersion[$0]!)" }.joined(separator: ", ")
            let triggers = byTrigger.keys.sorted().map { "\($0): \(byTrigger[$0]!)" }.joined(separator: ", ")
            return """
                crash suite: \(kills) kills in \(chains) chains, \(finishedBeforeKill) runs finished before their kill point
                store found at (after each kill): \(versions)
                kill triggers: \(triggers)
                \(passed) passed, \(failed) failed
                """
        }
    }

    /// Where a run is killed: after the `event`-th printed event line (plus a short delay), or `seconds` after start.
    enum KillPoint {
        case event(Int, delay: Double)
        case time(Double)
    }

    let profile: Profile
    let directory: URL
    let seed: URL
    let expectation: LedgerExpectation
    /// The `strata` killed: $STRATA_CRASH_STRATA (a release build, for the full profile), else the one built beside the tests.
    let strata = ProcessInfo.processInfo.environment["STRATA_CRASH_STRATA"] ?? ChildProcess.executable("strata")

    /// Builds the seed store (a ledger at 1.0.0 with `profile.rows` entries) in `directory`.
    init(profile: Profile, directory: URL) throws {
        self.profile = profile
        self.directory = directory
        seed = directory.appendingPathComponent("seed.store")
        try Ledger.makeDemoStore(at: seed, rows: profile.rows)
        expectation = try LedgerExpectation(seedStore: seed)
    }

    /// One uninterrupted run on a copy: its duration and the number of lines it prints (event lines, then the
    /// report), to spread kill points over time and over events.
    func reference() throws -> (seconds: Double, events: Int) {
        let store = directory.appendingPathComponent("reference.store")
        try StoreFiles.copy(seed, to: store)
        let started = Date()
        let run = try ChildProcess.run(strata, ["migrate", store.path, "--plan", "ledger", "--yes"])
        let seconds = Date().timeIntervalSince(started)
        guard run.status == 0 else {
            throw LedgerExpectation.Mismatch(problems: ["reference run exited \(run.status): \(run.error)"])
        }
        try expectation.verify(store)
        return (seconds, run.output.split(separator: "\n").count)
    }

    /// Runs every chain and returns the tally; `log` receives one line per kill.
    func run(log: (String) -> Void) throws -> Tally {
        let (seconds, events) = try reference()
        log("reference run: \(String(format: "%.1f", seconds))s, \(events) event lines, \(profile.rows) entries")
        var random = SplitMix(seed: 0x5EED_CAFE)
        var tally = Tally()
        let store = directory.appendingPathComponent("crash.store")
        while tally.kills < profile.kills {
            tally.chains += 1
            try StoreFiles.copy(seed, to: store)
            var killsInChain = 0
            while killsInChain < profile.killsPerChain && tally.kills < profile.kills {
                let point: KillPoint =
                    tally.kills % 2 == 0
                    ? .event(Int(random.next() % UInt64(max(events, 1))) + 1, delay: Double(random.next() % 30) / 1_000)
                    : .time(Double(random.next() % 1_000) / 1_000 * seconds)
                let outcome = try runOnce(store, killAt: point)
                if !outcome.killed {
                    tally.finishedBeforeKill += 1
                    break
                }
                killsInChain += 1
                tally.kills += 1
                switch point {
                case .event: tally.byTrigger["after an event", default: 0] += 1
                case .time: tally.byTrigger["after a delay", default: 0] += 1
                }
                do {
                    let version = try expectation.verify(store)
                    tally.byVersion[version, default: 0] += 1
                    tally.passed += 1
                    log("kill \(tally.kills) (\(point)): store at \(version).0.0, every row as expected")
                } catch {
                    tally.failed += 1
                    tally.failures.append("kill \(tally.kills) (\(point)): \(error)")
                    log("kill \(tally.kills) (\(point)): FAILED \(error)")
                    try StoreFiles.copy(store, to: directory.appendingPathComponent("failed-\(tally.kills).store"))
                }
            }
            let finish = try ChildProcess.run(strata, ["migrate", store.path, "--plan", "ledger", "--yes"])
            do {
                guard finish.status == 0 else {
                    throw LedgerExpectation.Mismatch(problems: [
                        "the run after the kills exited \(finish.status): \(finish.error)"
                    ])
                }
                let version = try expectation.verify(store)
                guard version == 4 else {
                    throw LedgerExpectation.Mismatch(problems: ["the run after the kills stopped at \(version).0.0"])
                }
            } catch {
                tally.failed += 1
                tally.failures.append("chain \(tally.chains) did not finish: \(error)")
                log("chain \(tally.chains): FAILED to finish: \(error)")
            }
        }
        return tally
    }

    /// Runs the migration once and kills it at `point` (unless it finishes first).
    private func runOnce(_ store: URL, killAt point: KillPoint) throws -> ChildProcess.Outcome {
        var seen = 0
        let arguments = ["migrate", store.path, "--plan", "ledger", "--yes"]
        switch point {
        case .time(let seconds):
            return try ChildProcess.stream(strata, arguments, killAfter: seconds) { _, _ in }
        case .event(let number, let delay):
            return try ChildProcess.stream(strata, arguments) { _, kill in
                seen += 1
                guard seen == number else { return }
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                kill()
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a crash run's kill points can be reproduced.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
