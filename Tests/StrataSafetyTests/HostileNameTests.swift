import Foundation
import GRDB
import Strata
import StrataSafetyFixtures
import Testing

/// Names and values that try to break SQL or a terminal: a unicode entity with keyword columns, values with NUL,
/// control characters and escape sequences, and entity and column names with quotes, spaces and semicolons.
/// Every value survives saving and a migration (identifiers quoted, values bound), and nothing `strata` prints
/// carries an escape sequence from the data.
@Suite struct HostileNameTests {
    /// True when `text` holds ESC or the C1 CSI (a terminal reads either as the start of an escape sequence).
    /// JSON output keeps U+009B as data (JSON escapes only U+0000-U+001F; programs need the exact value), so
    /// for `--json` only ESC counts.
    static func hasEscape(_ outcome: ChildProcess.Outcome, json: Bool = false) -> Bool {
        outcome.standardOutput.contains(0x1B) || outcome.standardError.contains(0x1B)
            || (!json && (outcome.output + outcome.error).unicodeScalars.contains("\u{9B}"))
    }

    @Test func hostileValuesSurviveSavingAndMigration() throws {
        let work = TemporaryDirectory()
        let store = work.store()
        try Hostile.makeStore(at: store)
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: Hostile.V1.self), configurations: ModelConfiguration(url: store))
            let rows = try ModelContext(container).fetch(
                FetchDescriptor<Hostile.V1.Bücherregal>(sortBy: [SortDescriptor(\.order)]))
            #expect(rows.map(\.select) == Hostile.values)
            #expect(rows.map(\.group) == Hostile.values.map { "group \($0)" })
            #expect(rows.first?.select == Hostile.values.first)
        }
        let reports = try Migrator(store: store, plan: Hostile.Plan.self).runAll()
        #expect(reports.map(\.title) == ["1.0.0 -> 2.0.0"])
        #expect(
            reports.first?.steps.contains { $0.summary.contains("rebuild") } == true, "the stage rebuilds Bücherregal")
        let container = try ModelContainer(
            for: Schema(versionedSchema: Hostile.V2.self), configurations: ModelConfiguration(url: store))
        let rows = try ModelContext(container).fetch(
            FetchDescriptor<Hostile.V2.Bücherregal>(sortBy: [SortDescriptor(\.where)]))
        #expect(rows.map(\.select) == Hostile.values)
        #expect(rows.map(\.where) == Array(Hostile.values.indices))
        #expect(rows.map(\.café) == Hostile.values.map { String($0.reversed()) })
        #expect(rows.map(\.from) == Hostile.values.map { Data($0.utf8) })
        #expect(rows.allSatisfy { $0.straße == nil })
    }

    @Test func theCommandLinePrintsNoEscapeSequenceFromTheData() throws {
        let work = TemporaryDirectory()
        let store = work.store()
        try Hostile.makeStore(at: store)
        let commands: [[String]] = [
            ["info", store.path], ["info", store.path, "--json"],
            ["rows", store.path, "Bücherregal"], ["rows", store.path, "Bücherregal", "--json"],
            ["diff", "--plan", "hostile", "1.0.0", "2.0.0", "--store", store.path],
            ["migrate", store.path, "--plan", "hostile", "--dry-run"],
            ["migrate", store.path, "--plan", "hostile", "--yes"],
            ["rows", store.path, "Bücherregal"], ["rows", store.path, "Bücherregal", "--json"],
        ]
        for command in commands {
            let run = try ChildProcess.safety(command)
            #expect(run.status == 0, "\(command): \(run.error)")
            #expect(!Self.hasEscape(run, json: command.contains("--json")), "\(command) printed an escape sequence")
        }
        let json = try ChildProcess.safety(["rows", store.path, "Bücherregal", "--json"])
        let object = try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any]
        let selects = (object?["rows"] as? [[String: Any]])?.compactMap { $0["select"] as? String }
        #expect(selects?.count == Hostile.values.count)
    }

    @Test func whereValuesAreBoundNotSpliced() throws {
        let work = TemporaryDirectory()
        let store = work.store()
        try Hostile.makeStore(at: store)
        let injection = Hostile.values[5]
        let run = try ChildProcess.safety([
            "rows", store.path, "Bücherregal", "--where", "select=\(injection)", "--json",
        ])
        #expect(run.status == 0, "\(run.error)")
        let object = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
        #expect(object?["total"] as? Int == 1)
        #expect(
            try StoreInspector(url: store).rowCounts().first { $0.entity == "Bücherregal" }?.rows
                == Hostile.values.count)
    }

    @Test func entityAndColumnNamesWithQuotesSpacesAndSemicolons() throws {
        let work = TemporaryDirectory()
        let store = work.store()
        let entity = "we\"ird \"table\"; DROP TABLE x; --"
        let column = "it's a \"col\" name"
        let schema = Schema(
            entities: [
                Schema.Entity(
                    name: entity,
                    attributes: [
                        Schema.Attribute(name: column, valueType: .string, isOptional: true),
                        Schema.Attribute(name: "select", valueType: .int, isOptional: true, options: [.unique]),
                    ])
            ], version: nil)
        do {
            _ = try ModelContainer(for: schema, configurations: ModelConfiguration(url: store))
        }
        let queue = try DatabaseQueue(path: store.path)
        let quoted = "\"" + entity.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let quotedColumn = "\"" + column.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try queue.write { db in
            for (index, value) in Hostile.values.enumerated() {
                try db.execute(
                    sql: "INSERT INTO \(quoted) (\(quotedColumn), \"select\") VALUES (?, ?)", arguments: [value, index])
            }
        }
        try queue.close()
        let page = try StoreInspector(url: store).rows(entity: entity)
        #expect(page.total == Hostile.values.count)
        #expect(page.columns.contains(column))
        for command in [
            ["info", store.path], ["rows", store.path, entity], ["rows", store.path, entity, "--json"],
            ["rows", store.path, entity, "--where", "\(column)=\(Hostile.values[6])"],
        ] {
            let run = try ChildProcess.safety(command)
            #expect(run.status == 0, "\(command): \(run.error)")
            #expect(!Self.hasEscape(run, json: command.contains("--json")), "\(command) printed an escape sequence")
        }
    }
}
