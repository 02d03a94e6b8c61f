import Foundation

/// One reusable buffer per statement parameter, holding a copy of the text or blob bound to it until the next
/// bind, so SQLite can read bound values in place instead of copying each into an allocation of its own.
final class ParameterBuffers {
    // Two arrays of plain types, not one of optional tuples: an array of tuples asked the run time for the
    // tuple's type metadata on every access.
    /// The buffer of each parameter index (nil until first used).
    @exclusivity(unchecked) private var pointers: [UnsafeMutableRawPointer?] = []
    /// The size in bytes of each buffer.
    @exclusivity(unchecked) private var capacities: [Int] = []

    deinit {
        for case let pointer? in pointers { free(pointer) }
    }

    /// Copies `bytes` into the buffer of parameter `index` (grown when too small) and returns where the copy is,
    /// valid until the next copy for the same index; nil when no memory could be had for it.
    func copy(_ bytes: UnsafeRawBufferPointer, for index: Int) -> UnsafeRawPointer? {
        if index >= pointers.count {
            pointers += Array(repeating: nil, count: index + 1 - pointers.count)
            capacities += Array(repeating: 0, count: index + 1 - capacities.count)
        }
        let pointer: UnsafeMutableRawPointer
        if let existing = pointers[index], capacities[index] >= bytes.count {
            pointer = existing
        } else {
            // Sizes double, so a column of growing values is reallocated a few times, not once per row.
            let capacity = max(64, 1 << (Int.bitWidth - (bytes.count - 1).leadingZeroBitCount))
            guard let grown = realloc(pointers[index], capacity) else { return nil }
            pointers[index] = grown
            capacities[index] = capacity
            pointer = grown
        }
        if let source = bytes.baseAddress, !bytes.isEmpty { pointer.copyMemory(from: source, byteCount: bytes.count) }
        return UnsafeRawPointer(pointer)
    }
}
