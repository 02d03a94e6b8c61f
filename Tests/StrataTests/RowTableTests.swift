import Testing

@testable import Strata

/// The registry's hash table agrees with `Dictionary` over long runs of sets and removals, with keys as stores hand
/// them out (consecutive, in clusters after deletes) and keys that collide on purpose.
@Suite struct RowTableTests {
    /// A seeded generator (SplitMix64), so a failing run can be repeated.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Runs `operations` random sets and removals of keys drawn by `key`, checking every value against a dictionary.
    func agreesWithDictionary(seed: UInt64, operations: Int, key: (inout SplitMix) -> Int64) {
        var random = SplitMix(state: seed)
        var table = RowTable<Int>()
        var reference: [Int64: Int] = [:]
        for step in 0..<operations {
            let key = key(&random)
            switch random.next() % 3 {
            case 0:
                let removed = table.remove(key)
                #expect(removed == (reference.removeValue(forKey: key) != nil), "step \(step) key \(key)")
            default:
                table.set(step, for: key)
                reference[key] = step
            }
            #expect(table[key] == reference[key], "step \(step) key \(key)")
        }
        #expect(table.count == reference.count)
        #expect(table.values.sorted() == reference.values.sorted())
        for (key, value) in reference { #expect(table[key] == value, "key \(key)") }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func consecutiveKeys(seed: UInt64) {
        agreesWithDictionary(seed: seed, operations: 20_000) { Int64($0.next() % 5_000) + 1 }
    }

    @Test(arguments: [4, 5] as [UInt64])
    func sparseAndExtremeKeys(seed: UInt64) {
        let extremes: [Int64] = [.min, .max, 0, -1, 1 << 32, 1 << 62]
        agreesWithDictionary(seed: seed, operations: 20_000) { random in
            random.next() % 10 == 0
                ? extremes[Int(random.next() % UInt64(extremes.count))] : Int64(bitPattern: random.next() % 3_000 << 40)
        }
    }

    /// Keys a filtered fetch hands out: every 16th or 1,024th row, all with the same last bits.
    @Test(arguments: [16, 1_024] as [Int64])
    func stridedKeys(stride: Int64) {
        agreesWithDictionary(seed: UInt64(stride), operations: 20_000) { Int64($0.next() % 5_000) * stride + 3 }
    }

    @Test func removalKeepsEveryOtherKeyOfACollidingRunReachable() {
        // Keys that are multiples of a large power of two share their home slot in a small table: one long run.
        var table = RowTable<Int64>()
        let keys = (1...12).map { Int64($0) << 40 }
        for key in keys { table.set(key, for: key) }
        for (index, key) in keys.enumerated() where index % 3 == 1 {
            let removed = table.remove(key)
            #expect(removed && table[key] == nil)
        }
        for (index, key) in keys.enumerated() { #expect(table[key] == (index % 3 == 1 ? nil : key)) }
        #expect(table.count == 8)
    }

    @Test func aConditionalRemovalLeavesAValueItDoesNotAccept() {
        var table = RowTable<String>()
        table.set("new", for: 7)
        let refused = table.remove(7, if: { $0 == "old" })
        #expect(!refused && table[7] == "new")
        let accepted = table.remove(7, if: { $0 == "new" })
        #expect(accepted && table[7] == nil && table.count == 0)
        let again = table.remove(7)
        #expect(!again)
    }
}
