import Foundation

/// This process's resident memory as Linux reports it in /proc/self/status.
enum ProcessMemory {
    /// The peak resident set size (VmHWM) in bytes, or nil where /proc is unavailable.
    static func peakResidentBytes() -> Int? { statusValue("VmHWM") }

    /// Another process's peak resident set size in bytes, or nil once it has exited.
    static func peakResidentBytes(of pid: pid_t) -> Int? { statusValue("VmHWM", in: "/proc/\(pid)/status") }

    /// The current resident set size (VmRSS) in bytes, or nil where /proc is unavailable.
    static func residentBytes() -> Int? { statusValue("VmRSS") }

    /// Sets the peak back to the current resident size (writing 5 to /proc/self/clear_refs, Linux 4.0+),
    /// so each phase reports its own peak; false when the kernel refused.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// A "Name:   1234 kB" line of a /proc status file, in bytes.
    private static func statusValue(_ name: String, in file: String = "/proc/self/status") -> Int? {
        guard let status = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("\(name):") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
