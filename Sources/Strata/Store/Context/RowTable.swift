/// A hash table from row keys (primary keys) to values: the registry's table of one entity's objects.
///
/// `Dictionary<Int64, Value>` hashes every key with SipHash and a per-table seed, and every object fetched,
/// looked up and freed goes through it (about 1,500 instructions a row in W3). Row keys are integers that are
/// mostly consecutive, and objects are fetched and freed in their order: consecutive keys go to neighbouring
/// slots in runs of 16, and a multiplicative (Fibonacci) hash spreads the runs, so a fetch of a million rows walks
/// the table instead of missing the cache on every row (0.2 s of 2.1 s at 1,000,000 rows), and keys that share
/// their last bits still spread.
///
/// Runs of consecutive keys make long stretches of taken slots, so the table keeps each stretch ordered by how far
/// its entries are from their home slots (Robin Hood hashing): a lookup stops where its key would have been, and a
/// removal shifts later entries back only until one sits at its home, not to the end of the stretch. The load stays
/// under three quarters; there are no tombstones.
struct RowTable<Value> {
    /// One place in the table: a key and its value, or no value.
    private struct Slot {
        var key: Int64
        var value: Value?
    }

    /// The slots; the count is a power of two (or zero before the first insert).
    private var slots: [Slot] = []
    /// How many slots hold a value.
    private(set) var count = 0
    /// 64 minus the number of bits of a slot index: the shift that turns a hash into a home slot.
    private var shift = 64

    /// The value for `key`, or nil.
    subscript(key: Int64) -> Value? {
        guard let index = index(of: key) else { return nil }
        return slots[index].value
    }

    /// Every value, in no particular order.
    var values: [Value] { slots.compactMap(\.value) }

    /// Sets the value for `key`, replacing any it had.
    mutating func set(_ value: Value, for key: Int64) {
        // Grows before looking, so the walk below always ends at the key or at a free slot.
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var carried = Slot(key: key, value: value)
        var index = home(of: key)
        var distance = 0
        var isCarryingKey = true
        while slots[index].value != nil {
            if isCarryingKey, slots[index].key == key {
                swap(&carried.value, &slots[index].value)
                return
            }
            // The entry nearer its home gives up its slot and travels on (`key` is not further on: see `index`).
            let resident = distanceFromHome(at: index)
            if resident < distance {
                swap(&carried, &slots[index])
                distance = resident
                isCarryingKey = false
            }
            index = (index + 1) & mask
            distance += 1
        }
        slots[index] = carried
        count += 1
    }

    /// Takes out the value for `key` when `shouldRemove` accepts it; returns whether it did.
    @discardableResult
    mutating func remove(_ key: Int64, if shouldRemove: (Value) -> Bool = { _ in true }) -> Bool {
        guard let found = index(of: key), let value = slots[found].value, shouldRemove(value) else { return false }
        // Backward-shift deletion: the entries after the hole move back one slot each, up to the first free slot
        // or entry at its home. A swap moves them without retaining; the removed one travels to the last hole.
        let mask = slots.count - 1
        var hole = found
        var next = (hole + 1) & mask
        while slots[next].value != nil, distanceFromHome(at: next) > 0 {
            slots.swapAt(hole, next)
            hole = next
            next = (next + 1) & mask
        }
        slots[hole].value = nil
        count -= 1
        return true
    }

    /// The slot holding `key`, if any: the walk from its home ends at a free slot or at an entry nearer its own
    /// home than `key` would be there.
    private func index(of key: Int64) -> Int? {
        guard count > 0 else { return nil }
        let mask = slots.count - 1
        var index = home(of: key)
        var distance = 0
        while slots[index].value != nil, distanceFromHome(at: index) >= distance {
            if slots[index].key == key { return index }
            index = (index + 1) & mask
            distance += 1
        }
        return nil
    }

    /// How many slots the entry at `index` is past its home slot.
    @inline(__always)
    private func distanceFromHome(at index: Int) -> Int {
        (index - home(of: slots[index].key)) & (slots.count - 1)
    }

    /// The slot where a lookup of `key` starts: the key's last four bits place it within a run of 16 slots, and
    /// the top bits of the Fibonacci hash of the rest choose the run.
    @inline(__always)
    private func home(of key: Int64) -> Int {
        let bits = UInt64(bitPattern: key)
        let run = ((bits >> 4) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift + 4)
        return Int(truncatingIfNeeded: run << 4 | bits & 15)
    }

    /// Doubles the slots (16 at first) and puts every entry back.
    private mutating func grow() {
        let old = slots
        let capacity = max(16, old.count * 2)
        slots = Array(repeating: Slot(key: 0, value: nil), count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        for slot in old {
            if let value = slot.value { set(value, for: slot.key) }
        }
    }
}
