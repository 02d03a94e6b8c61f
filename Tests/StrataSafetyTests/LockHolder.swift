import Foundation

/// Another process holding a write transaction on a store: Python's sqlite3 runs `BEGIN IMMEDIATE` and keeps it
/// until `release()`. (A connection inside the test process would not do: reading the store's files to hash
/// them closes descriptors, which drops the process's POSIX locks.)
final class LockHolder {
    private let process = Process()
    private let input = Pipe()

    /// Starts the holder and waits until it holds the lock.
    init(store: URL) throws {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            sys.stdin.readline()
            db.execute("ROLLBACK")
            db.close()
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, store.path]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("locked") else { throw CocoaError(.fileLocking) }
    }

    /// Rolls the transaction back and waits for the holder to exit.
    func release() {
        input.fileHandleForWriting.write(Data("\n".utf8))
        process.waitUntilExit()
    }
}
