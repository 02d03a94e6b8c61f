import Foundation

/// The values the generators draw from: the edges of each type (extremes, zero and minus zero, empty and
/// one-byte blobs, canonically equal strings, decimals with trailing zeros, UInt64 above Int64.max).
enum ValueTables {
    static let texts = ["", "a", "b", "B", "ab", "é", "e\u{301}", "z ", "Ω", "a'b", "%", "_", "A"]
    static let ints = [0, 1, -1, 2, 100, -100, Int.min, Int.max]
    static let uint64s: [UInt64] = [0, 1, 2, UInt64(Int64.max), UInt64(Int64.max) + 1, .max, .max - 1]
    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 1.5, -2.5e300, .infinity, -.infinity, .leastNonzeroMagnitude, 3,
    ]
    static let floats: [Float] = [0, -0.0, 1, 0.1, -3.5, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
    static let decimals = ["0", "1", "-1", "0.1", "1.00", "10", "9", "-0.5", "12345678901234567890.123", "2", "0.10"]
        .map { Decimal(string: $0)! }
    static let dates = [0, 1, -1, 0.001, 1e9 + 0.5, -978_307_200, 7e8].map(Date.init(timeIntervalSinceReferenceDate:))
    static let blobs = [[], [0], [1], [0, 0], [255], [1, 2, 3], [0, 1]].map { Data($0) }
    static let uuids = [
        "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
        "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ].map { UUID(uuidString: $0)! }
    static let urls = [
        "https://example.org/a", "https://example.org/b", "file:///tmp/x", "https://example.org/a?q=1#f",
        "mailto:a@b.c",
    ].map { URL(string: $0)! }
    static let points = [
        Vault.Point(x: 0, y: 0), Vault.Point(x: 1, y: 0.5), Vault.Point(x: -1, y: -2), Vault.Point(x: .max, y: 1e300),
    ]

    /// Zero, one, two and the extremes of an integer type.
    static func edges<T: FixedWidthInteger>() -> [T] { [0, 1, 2, T.max, T.min, T.max - 1] }
}

/// Picks table entries from a seed, deterministically (SplitMix64); seed 0 always picks the first entry.
struct ValuePicker {
    private var state: UInt64
    private let zero: Bool

    init(seed: Int) {
        state = UInt64(bitPattern: Int64(seed))
        zero = seed == 0
    }

    /// The next pseudo-random number.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One entry of `table`.
    mutating func one<T>(_ table: [T]) -> T {
        let n = next()
        return zero ? table[0] : table[Int(n % UInt64(table.count))]
    }

    /// Nil one time in four, otherwise one entry of `table`.
    mutating func maybe<T>(_ table: [T]) -> T? {
        if !zero, next() % 4 == 0 { return nil }
        return one(table)
    }
}
