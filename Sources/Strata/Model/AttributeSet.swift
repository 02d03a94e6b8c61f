/// The positions of an object's changed attributes: a bit per position below 64 and a sorted list above (models
/// rarely have more), so marking a change allocates nothing.
struct AttributeSet: Equatable {
    /// A bit per position below 64 (what `BackingData` keeps inline).
    private(set) var low: UInt64 = 0
    /// The positions from 64 up, ascending (what `BackingData` keeps in its rare state).
    private(set) var high: [Int] = []

    /// The empty set.
    init() {}

    /// The set of the positions `low`'s bits and `high` give.
    init(low: UInt64, high: [Int]) {
        self.low = low
        self.high = high
    }

    /// True when no position is in the set.
    var isEmpty: Bool { low == 0 && high.isEmpty }

    /// Adds a position; false when it was in the set already.
    @discardableResult
    mutating func insert(_ position: Int) -> Bool {
        if position < 64 { return Self.insert(position, intoLow: &low) }
        var index = high.endIndex
        while index > high.startIndex, high[index - 1] >= position { index -= 1 }
        guard index == high.endIndex || high[index] != position else { return false }
        high.insert(position, at: index)
        return true
    }

    /// Adds a position below 64 to the bits of a set's `low` word; false when it was in it already.
    static func insert(_ position: Int, intoLow low: inout UInt64) -> Bool {
        let bit: UInt64 = 1 << UInt64(position)
        defer { low |= bit }
        return low & bit == 0
    }

    /// True when any position in the set satisfies `predicate`.
    func contains(where predicate: (Int) -> Bool) -> Bool {
        var bits = low
        while bits != 0 {
            if predicate(bits.trailingZeroBitCount) { return true }
            bits &= bits - 1
        }
        return high.contains(where: predicate)
    }

    /// The positions, ascending.
    var positions: [Int] {
        var result: [Int] = []
        result.reserveCapacity(low.nonzeroBitCount + high.count)
        var bits = low
        while bits != 0 {
            result.append(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        return result + high
    }
}
