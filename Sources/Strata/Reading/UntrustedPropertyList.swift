import Foundation

/// Reads property lists Strata did not write (a store's metadata and model archive, a model bundle's
/// `.xccurrentversion`, an app's entitlements) through Foundation, after refusing what Foundation on Linux cannot
/// read safely: a binary list holding a set (a `0xCn` object), which crashes it bridging the set's members to Swift
/// (found by the damaged-store mutation run, docs/SAFETY.md). No Core Data or Xcode file holds a set.
package enum UntrustedPropertyList {
    /// Why a list is refused before Foundation reads it.
    package struct Refusal: Error, LocalizedError, CustomStringConvertible {
        /// What is wrong.
        package let description: String
        package var errorDescription: String? { description }
    }

    /// The property list in `data`; throws `Refusal` for a binary list holding a set, and Foundation's error for
    /// anything else it cannot read.
    package static func read(_ data: Data) throws -> Any {
        if let index = setObject(in: [UInt8](data)) {
            throw Refusal(
                description:
                    "the binary property list holds a set (object \(index)), which no Core Data or Xcode file does")
        }
        return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    }

    /// The index of the first set among a binary property list's objects, or nil (also for an XML list, which has
    /// no sets, and for a damaged trailer or offset table, which Foundation refuses).
    static func setObject(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize), let count = integer(in: bytes, at: trailer + 8, size: 8),
            let table = integer(in: bytes, at: trailer + 24, size: 8), table <= trailer
        else { return nil }
        for index in 0..<min(count, (trailer - table) / offsetSize) {
            guard let offset = integer(in: bytes, at: table + index * offsetSize, size: offsetSize), offset < trailer
            else { continue }
            if bytes[offset] >> 4 == 0xC { return index }
        }
        return nil
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`, or nil beyond `Int`'s range.
    private static func integer(in bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
