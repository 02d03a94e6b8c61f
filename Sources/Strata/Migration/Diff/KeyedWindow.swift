internal import GRDB

/// Stored values by ascending key, with the place where the next lookup is expected (rows are usually visited in
/// key order).
struct KeyedWindow {
    private(set) var keys: [Int64] = []
    private var values: [DatabaseValue] = []
    private var next = 0
    /// False once a key was appended below the one before it (until `sortByKey`).
    private var isSorted = true

    /// Empties the window, keeping its storage.
    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        next = 0
        isSorted = true
    }

    /// Adds a value for a key not in the window; one below the last makes the window unusable until `sortByKey`.
    mutating func append(key: Int64, value: DatabaseValue) {
        if let last = keys.last, last > key { isSorted = false }
        keys.append(key)
        values.append(value)
    }

    /// Puts the values in key order after appends out of order.
    mutating func sortByKey() {
        guard !isSorted else { return }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        keys = order.map { keys[$0] }
        values = order.map { values[$0] }
        isSorted = true
    }

    /// The value for `key`, if the window holds it.
    mutating func value(for key: Int64) -> DatabaseValue? {
        guard isSorted else { return nil }
        if next < keys.count, keys[next] == key {
            next += 1
            return values[next - 1]
        }
        var (low, high) = (0, keys.count)
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == key else { return nil }
        next = low + 1
        return values[low]
    }
}
