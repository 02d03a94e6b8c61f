import Foundation

/// Rows, wall time and peak resident memory of one benchmark phase.
struct PhaseMeasurement {
    let name: String
    let rows: Int
    let seconds: Double
    let peakResidentBytes: Int?
    let residentBytesBefore: Int?

    /// Runs `body` (which returns the rows it handled) with the peak reset first, and measures it.
    static func measure(_ name: String, _ body: () throws -> Int) rethrows -> PhaseMeasurement {
        let reset = ProcessMemory.resetPeak()
        let before = ProcessMemory.residentBytes()
        let clock = ContinuousClock()
        let start = clock.now
        let rows = try body()
        let seconds = start.duration(to: clock.now).seconds
        // Without a reset the high-water mark is the whole process's so far, not this phase's.
        return PhaseMeasurement(
            name: name, rows: rows, seconds: seconds,
            peakResidentBytes: reset ? ProcessMemory.peakResidentBytes() : nil, residentBytesBefore: before)
    }

    /// One aligned line: phase, rows, seconds, rows per second, resident memory before and at peak.
    var report: String {
        let rate = seconds > 0 ? Double(rows) / seconds : 0
        return [
            name.padding(toLength: 10, withPad: " ", startingAt: 0),
            "\(rows) rows",
            String(format: "%.2f s", seconds),
            String(format: "%.0f rows/s", rate),
            "RSS before \(Self.mebibytes(residentBytesBefore))",
            "peak RSS \(Self.mebibytes(peakResidentBytes))",
        ].joined(separator: "  ")
    }

    private static func mebibytes(_ bytes: Int?) -> String {
        bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "unavailable"
    }
}
