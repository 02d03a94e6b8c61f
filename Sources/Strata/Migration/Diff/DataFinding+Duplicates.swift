internal import GRDB

extension DataFinding {
    /// The groups of rows sharing the values of a unique key that its unique constraint would reject; nil when
    /// there are none. The key is one attribute (`@Attribute(.unique)`) or a `#Unique` group; each is read from
    /// `column`, its name before the change when it was renamed, in `table` (the entity's table before the change).
    /// Rows with a nil in the key never clash.
    ///
    /// Groups come from SQLite's `GROUP BY`, which compares text and blobs byte for byte; samples show each value
    /// as the rows view does (UUIDs, dates, `<blob …>`) with its count, largest groups first.
    static func duplicateGroups(
        _ entity: String, table: String, _ key: [(attribute: Schema.Attribute, column: String)], in db: Database
    ) throws -> DataFinding? {
        guard !key.isEmpty else { return nil }
        let columns = key.enumerated().map { "\(quote($1.column)) AS v\($0)" }.joined(separator: ", ")
        let positions = key.indices.map { "\($0 + 1)" }.joined(separator: ", ")
        let present = key.map { "\(quote($0.column)) IS NOT NULL" }.joined(separator: " AND ")
        let groups = try Row.fetchAll(
            db,
            sql: """
                SELECT \(columns), count(*) AS n FROM \(quote(table)) WHERE \(present)
                GROUP BY \(positions) HAVING count(*) > 1 ORDER BY n DESC, \(positions)
                """)
        guard !groups.isEmpty else { return nil }
        let samples = groups.prefix(sampleLimit).map { row in
            let values = key.enumerated().map { "\(StoredValue(row["v\($0)"], type: $1.attribute.valueType))" }
            let shown = values.count == 1 ? values[0] : "(\(values.joined(separator: ", ")))"
            return "\(shown) x\(row["n"] as Int)"
        }
        let names = key.map(\.attribute.name)
        return DataFinding(
            kind: .duplicateGroups, entity: entity, property: names.count == 1 ? names[0] : SchemaChange.group(names),
            count: groups.count, samples: samples)
    }
}
