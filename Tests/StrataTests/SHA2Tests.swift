import Foundation
import Testing

@testable import Strata

/// Strata's SHA-256 and SHA-512 give FIPS 180-4's example digests and the same digests as coreutils' `sha256sum` and
/// `sha512sum` on messages of every length around the block boundaries, however the message is fed in.
@Suite struct SHA2Tests {
    private static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func fipsExamples() {
        let abc = Data("abc".utf8)
        let twoBlocks = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Self.hex(SHA256.hash(data: abc)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(SHA256.hash(data: Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(SHA256.hash(data: twoBlocks)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        #expect(
            Self.hex(SHA512.hash(data: abc))
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        )
        #expect(
            Self.hex(SHA512.hash(data: Data()))
                == "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        )
        let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            Self.hex(SHA256.hash(data: million)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sameAsCoreutilsAtEveryLengthAroundTheBlocksAndFedInPieces() throws {
        var generator = SystemRandomNumberGenerator()
        let lengths = Array(0...130) + [255, 256, 257, 1_000, 4_095, 4_096, 65_537]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sha-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        var ours256: [String] = []
        var ours512: [String] = []
        for length in lengths {
            let message = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let file = folder.appendingPathComponent("\(length)")
            try message.write(to: file)
            files.append(file)
            // Fed in random pieces, the digest is the one-shot digest.
            var pieces = SHA256()
            var wide = SHA512()
            var offset = 0
            while offset < length {
                let size = Int.random(in: 1...max(1, length - offset), using: &generator)
                pieces.update(data: message[offset..<offset + size])
                wide.update(data: message[offset..<offset + size])
                offset += size
            }
            #expect(pieces.finalize() == SHA256.hash(data: message), "length \(length)")
            #expect(wide.finalize() == SHA512.hash(data: message), "length \(length)")
            ours256.append(Self.hex(SHA256.hash(data: message)))
            ours512.append(Self.hex(SHA512.hash(data: message)))
        }
        #expect(try Self.coreutils("sha256sum", files) == ours256)
        #expect(try Self.coreutils("sha512sum", files) == ours512)
    }

    /// The digests `tool` prints for `files`, in order.
    private static func coreutils(_ tool: String, _ files: [URL]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    }
}
