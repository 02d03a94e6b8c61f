import Foundation

/// One timed run of one contender on one workload: seconds and peak resident memory.
struct RunResult {
    let seconds: Double
    let peakBytes: Int?
}

/// The median run of each contender for one workload and size, and the ratios the targets are stated in.
struct WorkloadResult {
    let workload: String
    let rows: Int
    let strata: RunResult
    let baselines: [(name: String, result: RunResult)]
    let target: String

    /// One Markdown table row.
    var markdownRow: String {
        let ratios = baselines.map { String(format: "%.2fx %@", strata.seconds / max($0.result.seconds, 1e-9), $0.name) }
        let baselineTimes = baselines.map { String(format: "%@ %.3f s", $0.name, $0.result.seconds) }
        return "| \(workload) | \(rows.formatted()) | \(String(format: "%.3f s", strata.seconds)) | \(baselineTimes.joined(separator: "<br>")) | \(ratios.joined(separator: "<br>")) | \(Self.mebibytes(strata.peakBytes)) | \(target) |"
    }

    static let markdownHeader = """
        | workload | rows | Strata | baselines | Strata / baseline | Strata peak RSS | target |
        | --- | ---: | ---: | --- | --- | ---: | --- |
        """

    static func mebibytes(_ bytes: Int?) -> String {
        bytes.map { String(format: "%.0f MiB", Double($0) / 1_048_576) } ?? "n/a"
    }

    /// Times `body` with the process's peak memory reset first.
    static func measure(_ body: () throws -> Void) rethrows -> RunResult {
        let reset = ProcessMemory.resetPeak()
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return RunResult(seconds: seconds, peakBytes: reset ? ProcessMemory.peakResidentBytes() : nil)
    }

    /// The run with the median time.
    static func median(_ runs: [RunResult]) -> RunResult {
        runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
    }
}
