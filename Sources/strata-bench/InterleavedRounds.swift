import Foundation

/// A contender: its name and one timed run on a fresh copy of the workload's store.
typealias Contender = (name: String, run: (URL) throws -> RunResult)

/// Runs contenders in interleaved rounds on fresh copies of one store and keeps each one's median.
struct InterleavedRounds {
    let store: BenchStore
    let runs: Int

    /// A contender timed by `measure`: `body` returns a child process's peak memory, if it ran one.
    static func timed(_ name: String, _ body: @escaping (URL) throws -> Int?) -> Contender {
        (name, { url in try WorkloadResult.measure { try body(url) } })
    }

    /// Each contender's median over `runs` rounds; every round runs every contender once, in turn, each on a fresh
    /// copy of `source`, so a machine that slows down or speeds up during the run weighs on all of them alike.
    func medians(of source: URL, _ contenders: [Contender]) throws -> [RunResult] {
        try rounds(of: source, contenders).map(WorkloadResult.median)
    }

    /// Every round's result of each contender (by contender, then round), run as `medians` runs them.
    func rounds(of source: URL, _ contenders: [Contender]) throws -> [[RunResult]] {
        var results = Array(repeating: [RunResult](), count: contenders.count)
        for round in 0..<runs {
            for (index, contender) in contenders.enumerated() {
                let url = try store.copy(of: source, name: "\(contender.name)-\(round)")
                results[index].append(try contender.run(url))
            }
        }
        return results
    }

    /// The median over rounds of one contender's time over another's in the same round: a machine that drifts
    /// between rounds weighs on both sides of each ratio alike.
    static func pairedRatio(_ results: [[RunResult]], _ index: Int, to baseline: Int) -> Double {
        let ratios = zip(results[index], results[baseline]).map { $0.seconds / max($1.seconds, 1e-9) }.sorted()
        return ratios[ratios.count / 2]
    }
}
