import GRDB

extension DataFinding {
    /// The groups of rows sharing a value of `attribute` (read from `column`, its name before the change when it
    /// was renamed) that a unique constraint would reject; nil when there are none.
    ///
    /// Groups come from SQLite's `GROUP BY`, which compares text and blobs byte for byte; samples show each value
    /// as the rows view does (UUIDs, dates, `<blob …>`) with its count, largest groups first.
    static func duplicateGroups(
        _ entity: String, _ attribute: Schema.Attribute, column: String, in db: Database
    ) throws -> DataFinding? {
        let groups = try Row.fetchAll(
            db,
            sql: """
                SELECT \(quote(column)) AS value, count(*) AS n FROM \(quote(entity)) WHERE \(quote(column)) IS NOT NULL
                GROUP BY 1 HAVING count(*) > 1 ORDER BY 2 DESC, 1
                """)
        guard !groups.isEmpty else { return nil }
        let samples = groups.prefix(sampleLimit).map { row in
            "\(StoredValue(row["value"], type: attribute.valueType)) x\(row["n"] as Int)"
        }
        return DataFinding(
            kind: .duplicateGroups, entity: entity, property: attribute.name, count: groups.count, samples: samples)
    }
}
