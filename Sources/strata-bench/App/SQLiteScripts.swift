/// The `app` workloads as SQL for the `sqlite3` CLI, where one script can do the same (A1 to A4, not the
/// one-by-one delete): the floor without Swift. Output goes to /dev/null.
enum SQLiteScripts {
    /// A1: `rows` items in one INSERT ... SELECT (random UUID blobs of the same size).
    static func insert(rows: Int) -> String {
        """
        BEGIN;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
        INSERT INTO "AppItem" ("title", "count", "score", "created", "uuid", "note")
        SELECT 'Item ' || i, i, (i % 1000) / 10.0, 700000000.0 + i, randomblob(16), CASE WHEN i % 3 = 0 THEN NULL ELSE 'note ' || i END FROM n;
        COMMIT;
        """
    }

    /// A2: the 100 most recent items with a score of at least 50.
    static let query = #"SELECT * FROM "AppItem" WHERE "score" >= 50 ORDER BY "created" DESC LIMIT 100;"#

    /// A2: every item.
    static let fetchAll = #"SELECT * FROM "AppItem";"#

    /// A3: every score raised in one UPDATE.
    static let update = #"UPDATE "AppItem" SET "score" = "score" + 1;"#

    /// A4: the first half deleted in one DELETE.
    static func deleteWhere(rows: Int) -> String { #"DELETE FROM "AppItem" WHERE "count" <= \#(rows / 2);"# }
}
