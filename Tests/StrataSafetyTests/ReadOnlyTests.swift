import Foundation
import Strata
import Testing

/// Read-only stores: a read-only filesystem (file and directory), and a read-only file for a user who may not
/// write it. The library and the CLI name the problem, the store stays byte-identical (for the file a user may not
/// write: the file itself; SQLite leaves an empty -wal and a -shm), reading still works, and the migration runs
/// once the store is writable.
@Suite struct ReadOnlyTests {
    @Test(.enabled(if: Tmpfs.available, "needs root and tmpfs mounts"))
    func aReadOnlyFilesystemIsAStoreProblem() throws {
        let work = TemporaryDirectory()
        let built = try LedgerStore(at: work.store(), rows: 500)
        let disk = try Tmpfs(bytes: 16 << 20)
        let store = disk.url.appendingPathComponent("ledger.store")
        try StoreFiles.copy(built.url, to: store)
        let ledger = LedgerStore(url: store, expectation: built.expectation)
        try disk.setReadOnly(true)
        let before = StoreFiles.hashes(store)

        let error = try #require(throws: StrataError.self) { try ledger.migrateWithLibrary() }
        #expect(error.code == .readOnly)
        #expect(error.description == "\(store.path): opening failed: the store or its directory is read-only.")
        let run = try ledger.migrateWithCLI()
        #expect(run.status == 3)
        #expect(run.error.contains("read-only"), "\(run.error)")
        let info = try ChildProcess.run(ChildProcess.executable("strata"), ["info", store.path])
        #expect(info.status == 0)
        #expect(info.output.contains("1.0.0"))
        #expect(StoreFiles.hashes(store) == before)

        try disk.setReadOnly(false)
        #expect(try ledger.migrateWithLibrary() == 3)
        #expect(try ledger.expectation.verify(store) == 4)
    }

    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv"),
            "needs root to run as nobody"))
    func aFileTheUserMayNotWriteIsAStoreProblem() throws {
        let work = TemporaryDirectory()
        let ledger = try LedgerStore(at: work.store(), rows: 500)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: work.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: ledger.url.path)
        let before = StoreFiles.hashes(ledger.url)

        let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let run = try ledger.migrateWithCLI(prefix: asNobody)
        #expect(run.status == 3, "\(run.error)")
        #expect(run.error.contains("read-only"), "\(run.error)")
        // The file is untouched; SQLite leaves an empty -wal and a -shm beside it (the directory is writable).
        #expect(StoreFiles.hashes(ledger.url)[0] == before[0])

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: ledger.url.path)
        let again = try ledger.migrateWithCLI()
        #expect(again.status == 0, "\(again.error)")
        #expect(try ledger.expectation.verify(ledger.url) == 4)
    }

    /// Issue 44: `chmod a-w` on a store (and its folder), what a careful user does before experimenting, still lets
    /// `migrate --dry-run` run the whole plan, as an ordinary user: the private copy is writable whatever the
    /// original's mode, and the original stays byte-identical.
    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv"),
            "needs root to run as nobody"))
    func aStoreTheUserMayNotWriteDryRuns() throws {
        let work = TemporaryDirectory()
        let ledger = try LedgerStore(at: work.store(), rows: 200)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: ledger.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: work.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: work.url.path) }
        let before = StoreFiles.hashes(ledger.url)

        let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let run = try ChildProcess.run(
            ChildProcess.executable("strata"), ["migrate", ledger.url.path, "--plan", "ledger", "--dry-run"],
            prefix: asNobody)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("A real run would take the store from 1.0.0 to 4.0.0."), "\(run.output)")
        #expect(!run.error.contains("read-only"), "\(run.error)")
        #expect(StoreFiles.hashes(ledger.url) == before)
    }

    /// The private copy of a read-only file is the user's own to write (0600 at least), whatever the original's mode.
    @Test func thePrivateCopyOfAReadOnlyStoreIsWritable() throws {
        let work = TemporaryDirectory()
        let ledger = try LedgerStore(at: work.store(), rows: 20)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: ledger.url.path)
        let copy = try PrivateCopy(of: ledger.url)
        defer { copy.remove() }
        let mode = try #require(
            FileManager.default.attributesOfItem(atPath: copy.url.path)[.posixPermissions] as? Int)
        #expect(mode & 0o600 == 0o600, "the copy's mode is \(String(mode, radix: 8))")
    }
}
