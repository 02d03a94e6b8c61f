import Foundation
import GRDB

/// What a careful developer would write instead of Strata: the same migrations as raw SQL run by the
/// `sqlite3` CLI (the floor), and as hand-written GRDB code.
enum Baselines {
    /// W1 as raw SQL: native renames and an added column.
    static let w1SQL = """
        BEGIN;
        ALTER TABLE "Book" RENAME COLUMN "isbn" TO "isbnCode";
        ALTER TABLE "Book" ADD COLUMN "publishedYear" INTEGER;
        COMMIT;
        """

    /// W2 as sqlite.org's 12-step rebuild: new table, copy, drop, rename, index, foreign-key check.
    static let w2SQL = """
        PRAGMA foreign_keys = OFF;
        BEGIN;
        CREATE TABLE "new_Book" ("_pk" INTEGER PRIMARY KEY, "title" TEXT, "author" TEXT, "isbnCode" TEXT, "note" TEXT NOT NULL, "publishedYear" INTEGER);
        INSERT INTO "new_Book" SELECT "_pk", "title", "author", "isbnCode", IFNULL("note", ''), "publishedYear" FROM "Book";
        DROP TABLE "Book";
        ALTER TABLE "new_Book" RENAME TO "Book";
        CREATE UNIQUE INDEX "Book_isbnCode_unique" ON "Book"("isbnCode");
        PRAGMA foreign_key_check;
        COMMIT;
        PRAGMA foreign_keys = ON;
        """

    /// W3 as hand-written GRDB: add the columns, split each author in Swift with a prepared UPDATE, drop the column.
    static func w3GRDB(_ url: URL) throws -> Int {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.write { db in
            try db.execute(
                sql: #"ALTER TABLE "Book" ADD COLUMN "firstName" TEXT; ALTER TABLE "Book" ADD COLUMN "lastName" TEXT"#)
            let update = try db.makeStatement(
                sql: #"UPDATE "Book" SET "firstName" = ?, "lastName" = ? WHERE "_pk" = ?"#)
            let rows = try Row.fetchCursor(db, sql: #"SELECT "_pk", "author" FROM "Book""#)
            var count = 0
            while let row = try rows.next() {
                let key: Int64 = row[0]
                let author: String = row[1]
                let space = author.firstIndex(of: " ")
                let first = space.map { String(author[..<$0]) } ?? author
                let last = space.map { String(author[author.index(after: $0)...]) } ?? ""
                try update.execute(arguments: [first, last, key])
                count += 1
            }
            try db.execute(sql: #"ALTER TABLE "Book" DROP COLUMN "author""#)
            return count
        }
    }

    /// Runs a SQL script with the `sqlite3` CLI on a store; returns the child's peak resident memory in bytes
    /// (sampled every 5 ms).
    static func runSQLite(_ script: String, on url: URL) throws -> Int {
        let scriptURL = url.deletingPathExtension().appendingPathExtension("sql")
        try Data(script.utf8).write(to: scriptURL)
        defer { try? FileManager.default.removeItem(at: scriptURL) }
        let arguments = ["sqlite3", "-bail", url.path, ".read \(scriptURL.path)"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "sqlite3", &actions, nil, &argv, environ) == 0 else {
            throw BenchError("cannot start sqlite3: install the sqlite3 CLI (Debian: apt-get install sqlite3)")
        }
        // The child's rusage would count this process's memory (posix_spawn shares it until exec), so its own
        // peak is sampled from /proc while it runs.
        var status: Int32 = 0
        var peak = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            peak = max(peak, ProcessMemory.peakResidentBytes(of: pid) ?? 0)
            usleep(5_000)
        }
        guard status == 0 else { throw BenchError("sqlite3 failed (wait status \(status)) running:\n\(script)") }
        return peak
    }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
