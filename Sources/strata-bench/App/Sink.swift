/// Keeps values the benchmarks compute from being optimised away, so every property read is really made.
enum Sink {
    nonisolated(unsafe) private static var last = 0

    /// Consumes a checksum.
    @inline(never)
    static func keep(_ value: Int) { last = value }
}
