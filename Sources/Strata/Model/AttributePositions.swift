import Foundation

/// Each attribute's position in its entity's `attributes`, by property name, looked up on every property read and
/// write of a model object.
///
/// A `Dictionary<String, Int>` hashes the whole name with SipHash on every lookup (about 360 instructions, a sixth of
/// a property read). The names here are few and fixed, so this table hashes only a name's UTF-8 length and first and
/// last bytes, and holds the names as bytes: a lookup retains nothing and compares a few bytes.
struct AttributePositions {
    /// Where a name's bytes are in `bytes`, and its attribute's position.
    private struct Entry {
        let start: Int
        let count: Int
        let position: Int
    }

    /// Every name's UTF-8, one after another.
    private let bytes: [UInt8]
    /// Open addressing: a slot holds an entry or nil; the count is a power of two.
    private let slots: [Entry?]

    /// The table of `names`, each at its index; a repeated name keeps its first position.
    init(_ names: [String]) {
        var count = 8
        while count < names.count * 2 { count *= 2 }
        var bytes: [UInt8] = []
        var slots = [Entry?](repeating: nil, count: count)
        for (position, name) in names.enumerated() {
            let utf8 = Array(name.utf8)
            var slot = utf8.withUnsafeBufferPointer { Self.hash($0) } & (count - 1)
            var repeated = false
            while let taken = slots[slot] {
                repeated = bytes[taken.start..<taken.start + taken.count].elementsEqual(utf8)
                if repeated { break }
                slot = (slot + 1) & (count - 1)
            }
            guard !repeated else { continue }
            slots[slot] = Entry(start: bytes.count, count: utf8.count, position: position)
            bytes += utf8
        }
        self.bytes = bytes
        self.slots = slots
    }

    /// The position of the attribute named `name`, or nil when no attribute has that name.
    subscript(name: String) -> Int? {
        var name = name
        return name.withUTF8 { position(of: $0) }
    }

    /// The position of the attribute named `name` (a property name written in a model's generated accessors).
    /// Inlined, with `position(of:)`, into the accessors' lookup, which then makes no call for it (a property write
    /// looks one up: 70 instructions a row fewer in W3).
    @inline(__always)
    subscript(name: StaticString) -> Int? {
        name.withUTF8Buffer { position(of: $0) }
    }

    @inline(__always)
    private func position(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { bytes in
                let mask = slots.count - 1
                var slot = Self.hash(name) & mask
                while let entry = slots[slot] {
                    if entry.count == name.count,
                        entry.count == 0
                            || memcmp(bytes.baseAddress! + entry.start, name.baseAddress!, entry.count) == 0
                    {
                        return entry.position
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// A cheap hash of a name: its UTF-8 length and its first and last bytes.
    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        utf8.count &* 31 &+ Int(utf8.first ?? 0) &* 7 &+ Int(utf8.last ?? 0)
    }
}
