import Foundation

/// SHA-256 (FIPS 180-4): schema fingerprints, Core Data's entity version hashes and a store's model checksum, the
/// compiled level's content hashes.
package typealias SHA256 = SHA2<SHA256Words>
/// SHA-512 (FIPS 180-4): a Core Data store's model digest.
package typealias SHA512 = SHA2<SHA512Words>

/// The SHA-2 hashes Strata computes, written here rather than taken from swift-crypto, whose Linux build compiles
/// BoringSSL (about a thousand C files) into Strata and every app's first compiled-level build for these two
/// functions; checked against FIPS 180-4's examples and `sha256sum`/`sha512sum` in `SHA2Tests`.
package struct SHA2<Words: SHA2Words>: Sendable {
    /// The working words, H0 to H7.
    private var state = Words.initial
    /// Bytes not yet hashed: less than a block.
    private var pending: [UInt8] = []
    /// Bytes given so far.
    private var length: UInt64 = 0

    /// A hash of nothing yet.
    package init() {}

    /// The digest of `data`.
    package static func hash(data: some DataProtocol) -> [UInt8] {
        var hash = Self()
        hash.update(data: data)
        return hash.finalize()
    }

    /// `digest` in lowercase hex, two digits a byte (without `String(format:)`, which took a third of the time of
    /// reading a freeze record of 5,000 versions, fingerprinting each).
    package static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Adds `data` to what is hashed.
    package mutating func update(data: some DataProtocol) {
        length &+= UInt64(data.count)
        pending.append(contentsOf: data)
        let whole = pending.count / Words.blockBytes * Words.blockBytes
        guard whole > 0 else { return }
        pending.withUnsafeBytes { bytes in
            for start in stride(from: 0, to: whole, by: Words.blockBytes) {
                Words.compress(&state, UnsafeRawBufferPointer(rebasing: bytes[start..<start + Words.blockBytes]))
            }
        }
        pending.removeFirst(whole)
    }

    /// The digest of everything added; the hash itself is unchanged.
    package func finalize() -> [UInt8] {
        var last = self
        let lengthBytes = Words.blockBytes / 8
        var tail = pending + [0x80]
        let room = Words.blockBytes - lengthBytes
        tail += [UInt8](
            repeating: 0, count: (room - tail.count % Words.blockBytes + Words.blockBytes) % Words.blockBytes)
        // The message's length in bits, big-endian, in the block's last 8 or 16 bytes (SHA-512's upper half is zero).
        tail += [UInt8](repeating: 0, count: lengthBytes - 8)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: (length &* 8) >> (56 - 8 * UInt64($0))) }
        tail.withUnsafeBytes { bytes in
            for start in stride(from: 0, to: tail.count, by: Words.blockBytes) {
                Words.compress(&last.state, UnsafeRawBufferPointer(rebasing: bytes[start..<start + Words.blockBytes]))
            }
        }
        let size = Words.Word.bitWidth / 8
        return last.state.flatMap { word in
            (0..<size).map { UInt8(truncatingIfNeeded: word >> Words.Word((size - 1 - $0) * 8)) }
        }
    }
}

/// What tells SHA-256 and SHA-512 apart: the word, its initial values and the compression of one block (FIPS 180-4,
/// 4.1, 4.2 and 6). Each variant compresses in its own concrete words, so that a debug build hashes megabytes in
/// well under a second (generic arithmetic, unspecialized, was thirty times slower).
package protocol SHA2Words: Sendable {
    /// A 32- or 64-bit word.
    associatedtype Word: FixedWidthInteger & UnsignedInteger & Sendable
    /// The initial hash value (5.3).
    static var initial: [Word] { get }
    /// Hashes one block of sixteen big-endian words into `state`.
    static func compress(_ state: inout [Word], _ block: UnsafeRawBufferPointer)
}

extension SHA2Words {
    /// A block is sixteen words.
    static var blockBytes: Int { 16 * Word.bitWidth / 8 }
}

extension UInt32 {
    /// The word rotated right by `count` bits.
    func rotatedRight(_ count: UInt32) -> UInt32 { (self &>> count) | (self &<< (32 &- count)) }
}

extension UInt64 {
    /// The word rotated right by `count` bits.
    func rotatedRight(_ count: UInt64) -> UInt64 { (self &>> count) | (self &<< (64 &- count)) }
}
