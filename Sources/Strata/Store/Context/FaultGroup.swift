/// The keys of the rows one fetch (or one `enumerate` batch) read, shared by the objects it made, so that reading a
/// to-many relationship of one of them loads it for its neighbours too, in one query (Core Data's batch faulting):
/// reading every parent's children costs one query per `windowSize` parents, never one per parent.
final class FaultGroup {
    /// How many owners one batched relationship query serves.
    static let windowSize = 1_000

    /// The primary keys, in the order the fetch read them.
    let keys: [Int64]

    /// A group of the rows read with these keys.
    init(keys: [Int64]) { self.keys = keys }

    /// The keys of the window that holds the object at `index`.
    func window(around index: Int) -> ArraySlice<Int64> {
        let start = min(max(index, 0), max(keys.count - 1, 0)) / Self.windowSize * Self.windowSize
        return keys[start..<min(start + Self.windowSize, keys.count)]
    }

    /// Every window, in order (for `relationshipKeyPathsForPrefetching`).
    var windows: [ArraySlice<Int64>] {
        stride(from: 0, to: keys.count, by: Self.windowSize).map { keys[$0..<min($0 + Self.windowSize, keys.count)] }
    }
}
