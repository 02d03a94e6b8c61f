/// The positions of an object's changed attributes: a bit per position below 64 and a sorted list above (models
/// rarely have more), so marking a change allocates nothing.
struct AttributeSet: Equatable {
    private var low: UInt64 = 0
    private var high: [Int] = []

    /// True when no position is in the set.
    var isEmpty: Bool { low == 0 && high.isEmpty }

    /// Adds a position; false when it was in the set already.
    @discardableResult
    mutating func insert(_ position: Int) -> Bool {
        if position < 64 {
            let bit: UInt64 = 1 << UInt64(position)
            defer { low |= bit }
            return low & bit == 0
        }
        var index = high.endIndex
        while index > high.startIndex, high[index - 1] >= position { index -= 1 }
        guard index == high.endIndex || high[index] != position else { return false }
        high.insert(position, at: index)
        return true
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
