import Foundation
import Testing

/// A store another process holds a write transaction on: migrate waits for the busy timeout, then exits 3.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 shell to hold a lock"))
struct LockedStoreTests {
    @Test func migratingALockedStoreIsAStoreProblem() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 5)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [store]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        input.fileHandleForWriting.write(
            Data("BEGIN EXCLUSIVE; INSERT INTO Book (title, author, isbn) VALUES ('x', 'y', 'z'); SELECT 1;\n".utf8))
        Thread.sleep(forTimeInterval: 1)
        let run = try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--yes")
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(run.status == 3)
        #expect(run.standardError.contains("the store is locked by another connection or process"))
        #expect(run.standardOutput.contains("is at 1.0.0"))
        #expect(try CommandRun.strata("info", store, "--json").json()["version"] as? String == "1.0.0")
    }
}
