import Foundation
import Testing

/// A damaged store read through private copies (a dry run's, a device store's import): every error names the file the
/// user gave, never a temporary copy or import, and the store's file, -wal and -shm are never written.
@Suite
struct DamagedStoreNamingTests {
    /// The names of the temporary folders private copies and imports live in.
    static let temporaryNames = ["strata-copy-", "strata-import-"]

    /// Overwrites every page of `path` after the first (the schema stays readable, the rows do not).
    static func damagePages(of path: String, pageSize: Int = 4096) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for page in stride(from: pageSize, to: bytes.count, by: pageSize) {
            bytes.replaceSubrange(
                page..<min(page + pageSize, bytes.count), with: [0x0D] + Array(repeating: 0xFF, count: pageSize - 1))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A Strata store whose rows' pages are damaged: planning passes (the schema reads), the dry run's custom stage
    /// meets the damage on the private copy, and its failure names the store, in text and JSON.
    @Test func aDryRunFailingOnAPrivateCopyNamesTheStore() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 2000)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store)))
        // Leaves the first two pages (the schema and the metadata) and spoils part of every later one.
        for page in stride(from: 8192, to: bytes.count, by: 4096) {
            bytes.replaceSubrange(page + 100..<page + 600, with: Array(repeating: 0xFF, count: 500))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: store))
        let text = try AppleStoreCommandTests.run(
            ["migrate", store, "--plan", "bookshelf", "--dry-run"], unchanging: store)
        #expect(text.status == 3)
        #expect(text.standardOutput.contains("     \(store) is not a Strata store: SQLite reports"))
        #expect(text.standardError.hasPrefix("error: \(store) is not a Strata store: SQLite reports"))
        let json = try AppleStoreCommandTests.run(
            ["migrate", store, "--plan", "bookshelf", "--dry-run", "--json"], unchanging: store)
        let failure = try json.json()["failure"] as? String ?? ""
        #expect(failure.hasPrefix("\(store) is not a Strata store"), "\(failure)")
        #expect(try json.json()["failureKind"] as? String == "not-a-store")
        for output in [text.standardOutput, text.standardError, json.standardOutput, json.standardError] {
            #expect(!Self.temporaryNames.contains { output.contains($0) }, "\(output)")
        }
    }

    /// A SwiftData store from a device whose main file is damaged (its -wal intact): `plan`, `migrate --dry-run`
    /// and `open` with the app's sources each stop with an error naming the device's file.
    @Test func aDamagedDeviceStoreIsNamedByItsOwnPath() throws {
        let directory = try TemporaryStore()
        let store = try DeviceStoreCommandTests.store(in: directory)
        try Self.damagePages(of: store)
        for command in [
            ["plan", store, "--sources", DeviceStoreCommandTests.tree],
            ["migrate", store, "--sources", DeviceStoreCommandTests.tree, "--dry-run", "--json"],
            ["open", store, "--sources", DeviceStoreCommandTests.tree],
        ] {
            let run = try AppleStoreCommandTests.run(command, unchanging: store)
            #expect(run.status == 3, "\(command)")
            #expect(
                run.standardError.contains("\(store) cannot be read as an SQLite store (truncated or damaged?)"),
                "\(command): \(run.standardError)")
            #expect(!Self.temporaryNames.contains { run.standardError.contains($0) }, "\(command)")
        }
    }
}
