/// A hash table from row keys (primary keys) to values: the registry's table of one entity's objects.
///
/// `Dictionary<Int64, Value>` hashes every key with SipHash and a per-table seed, and every object fetched,
/// looked up and freed goes through it (about 1,500 instructions a row in W3). Row keys are integers that are
/// mostly consecutive, and objects are fetched and freed in their order: consecutive keys go to neighbouring
/// slots in runs of 16, and a multiplicative (Fibonacci) hash spreads the runs, so a fetch of a million rows walks
/// the table instead of missing the cache on every row (0.2 s of 2.1 s at 1,000,000 rows), and keys that share
/// their last bits still spread. The table probes linearly, keeps the load under three quarters, and deletes by
/// shifting later entries back (no tombstones).
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
        // Grows before looking, so the probe below always ends at the key or at a free slot.
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var index = home(of: key)
        while slots[index].value != nil {
            if slots[index].key == key {
                slots[index].value = value
                return
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(key: key, value: value)
        count += 1
    }

    /// Takes out the value for `key` when `shouldRemove` accepts it; returns whether it did.
    @discardableResult
    mutating func remove(_ key: Int64, if shouldRemove: (Value) -> Bool = { _ in true }) -> Bool {
        guard let found = index(of: key), let value = slots[found].value, shouldRemove(value) else { return false }
        // Backward-shift deletion: each later entry of the run moves into the hole unless its home slot lies
        // cyclically after the hole (where a lookup starting at home would no longer reach it).
        let mask = slots.count - 1
        var hole = found
        var next = (hole + 1) & mask
        while slots[next].value != nil {
            let home = home(of: slots[next].key)
            if (next - home) & mask >= (next - hole) & mask {
                // A swap moves the entries without retaining them; the removed one travels to the last hole.
                slots.swapAt(hole, next)
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole].value = nil
        count -= 1
        return true
    }

    /// The slot holding `key`, if any.
    private func index(of key: Int64) -> Int? {
        guard count > 0 else { return nil }
        let mask = slots.count - 1
        var index = home(of: key)
        while slots[index].value != nil {
            if slots[index].key == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The slot where a lookup of `key` starts: the key's last four bits place it within a run of 16 slots, and
    /// the top bits of the Fibonacci hash of the rest choose the run.
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
