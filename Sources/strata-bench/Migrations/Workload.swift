import Foundation

/// One timed run of one contender on one workload: seconds and peak resident memory.
struct RunResult {
    let seconds: Double
    let peakBytes: Int?
}

/// What a workload must achieve, as issue 7 states it.
enum Target {
    /// Strata's time at most `limit` times the first baseline's.
    case ratio(Double, to: String)
    /// Strata's time at most `limit` times the first baseline's, and its peak memory under `mebibytes`.
    case ratioAndMemory(Double, to: String, mebibytes: Int)
    /// Strata's time under `seconds`.
    case seconds(Double)

    var description: String {
        switch self {
        case .ratio(let limit, let baseline): String(format: "<= %gx %@", limit, baseline)
        case .ratioAndMemory(let limit, let baseline, let mebibytes):
            String(format: "<= %gx %@, < %d MiB", limit, baseline, mebibytes)
        case .seconds(let limit): String(format: "< %.0f ms", limit * 1000)
        }
    }
}

/// The median run of each contender for one workload and size, the ratios the targets are stated in, and
/// whether the target was met.
struct WorkloadResult {
    let workload: String
    let rows: Int
    let strata: RunResult
    let baselines: [(name: String, result: RunResult)]
    let target: Target
    /// Anything else the run measured (for W5, when the diff's data counts appeared).
    var note = ""

    /// True when Strata met the target in this run.
    var met: Bool {
        switch target {
        case .ratio(let limit, _): ratio(to: 0).map { $0 <= limit } ?? false
        case .ratioAndMemory(let limit, _, let mebibytes):
            (ratio(to: 0).map { $0 <= limit } ?? false)
                && (strata.peakBytes.map { $0 < mebibytes * 1_048_576 } ?? false)
        case .seconds(let limit): strata.seconds < limit
        }
    }

    /// Strata's time over the baseline's at `index`.
    func ratio(to index: Int) -> Double? {
        baselines.indices.contains(index) ? strata.seconds / max(baselines[index].result.seconds, 1e-9) : nil
    }

    /// One Markdown table row.
    var markdownRow: String {
        let ratios = baselines.indices.map { String(format: "%.2fx %@", ratio(to: $0) ?? 0, baselines[$0].name) }
        let baselineTimes = baselines.map {
            "\($0.name) \(Self.time($0.result.seconds)), \(Self.mebibytes($0.result.peakBytes))"
        }
        let cells = [
            workload, rows.formatted(), Self.time(strata.seconds), Self.rate(rows, strata.seconds),
            Self.mebibytes(strata.peakBytes),
            baselineTimes.joined(separator: "<br>"), ratios.joined(separator: "<br>"), target.description,
            met ? "yes" : "**no**", note,
        ]
        return "| " + cells.joined(separator: " | ") + " |"
    }

    static let markdownHeader = """
        | workload | rows | Strata | rows/s | Strata peak RSS | baselines (time, peak RSS) | Strata / baseline | target | met | notes |
        | --- | ---: | ---: | ---: | ---: | --- | --- | --- | --- | --- |
        """

    static func mebibytes(_ bytes: Int?) -> String {
        bytes.map { String(format: "%.0f MiB", Double($0) / 1_048_576) } ?? "n/a"
    }

    static func time(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    static func rate(_ rows: Int, _ seconds: Double) -> String {
        seconds > 0 ? Int(Double(rows) / seconds).formatted() : "n/a"
    }

    /// Times `body` with the process's peak memory reset first; a body that ran a child process returns the
    /// child's peak, which replaces this process's.
    static func measure(_ body: () throws -> Int?) rethrows -> RunResult {
        let reset = ProcessMemory.resetPeak()
        let clock = ContinuousClock()
        let start = clock.now
        let childPeak = try body()
        let seconds = start.duration(to: clock.now).seconds
        return RunResult(seconds: seconds, peakBytes: childPeak ?? (reset ? ProcessMemory.peakResidentBytes() : nil))
    }

    /// The run with the median time.
    static func median(_ runs: [RunResult]) -> RunResult {
        runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
    }
}
