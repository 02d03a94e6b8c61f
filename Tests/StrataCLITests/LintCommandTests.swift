import Foundation
import Testing

/// The real `strata check --sources` as a lint (findings as the compiler prints diagnostics, and in JSON), and
/// `strata freeze` guarding shipped versions, on app-shaped trees.
@Suite struct LintCommandTests {
    /// A copy of the fixture tree `name` in `directory`, with each (file, text, replacement) edit applied.
    static func copy(
        _ name: String, into directory: TemporaryStore, as copyName: String? = nil,
        editing edits: [(String, String, String)] = []
    ) throws -> String {
        let target = directory.directory.appendingPathComponent(copyName ?? name)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: SourcesCommandTests.tree(name)), to: target)
        for (file, text, replacement) in edits {
            let url = target.appendingPathComponent(file)
            let original = try String(contentsOf: url, encoding: .utf8)
            #expect(original.contains(text), "\(file) holds \(text)")
            try original.replacingOccurrences(of: text, with: replacement).write(
                to: url, atomically: true, encoding: .utf8)
        }
        return target.path
    }

    /// Adds an optional `color` to NotesSchemaV1's Note, as an edit of a shipped version would.
    static let colorInV1 = (
        "Models/NotesSchemaV1+Models.swift", "var body: String\n", "var body: String\n        var color: String?\n"
    )

    @Test func printsEachFindingAsACompilerDiagnosticAndExitsOneOnErrors() throws {
        let tree = SourcesCommandTests.tree("JournalApp")
        let run = try CommandRun.strata("check", "--sources", tree)
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "\(tree)/Schema/JournalSchemaV1.swift:5:5: warning: static var versionIdentifier is mutable global state, which the Swift 6 language mode rejects (not concurrency-safe); write static let versionIdentifier"
            ))
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(tree)/Schema/JournalSchemaV2.swift:4:1: error: no stage leads from JournalSchemaV1 to JournalSchemaV2"
                )
            })
        #expect(lines.contains { $0.hasPrefix("\(tree)/Migration/JournalPlan.swift:12:5: error: stage 1") })
        #expect(lines.last == "The plan has 9 errors, 2 warnings.")

        let json = try CommandRun.strata("check", "--sources", tree, "--json")
        #expect(json.status == 1)
        let report = try json.json()
        #expect(report["valid"] as? Bool == false)
        #expect((report["problems"] as? [String])?.count == 9)
        let diagnostics = report["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.count == 11)
        let identical = try #require(
            diagnostics.first { ($0["message"] as? String)?.hasPrefix("schemas 3.0.0") == true })
        #expect(identical["file"] as? String == "\(tree)/Schema/JournalSchemaV4.swift")
        #expect(identical["line"] as? Int == 4)
        #expect(identical["column"] as? Int == 1)
        #expect(identical["severity"] as? String == "error")
    }

    @Test func warningsAloneKeepThePlanValid() throws {
        let run = try CommandRun.strata("check", "--sources", SourcesCommandTests.tree("NotesApp"), "--json")
        #expect(run.status == 0)
        let report = try run.json()
        #expect(report["valid"] as? Bool == true)
        #expect((report["diagnostics"] as? [[String: Any]])?.compactMap { $0["severity"] as? String } == ["warning"])
        // Without --sources there is no lint, and no diagnostics key.
        #expect(try CommandRun.strata("check", "--plan", "bookshelf", "--json").json()["diagnostics"] == nil)
    }

    @Test func freezeRecordsTheShippedVersionsAndCheckCatchesAnEditToThem() throws {
        let directory = try TemporaryStore()
        let tree = try Self.copy("NotesApp", into: directory)
        let file = directory.path("strata-freeze.json")
        let freeze = try CommandRun.strata("freeze", "--sources", tree, "--out", file)
        #expect(freeze.status == 0)
        #expect(
            freeze.standardOutput
                == "\(file): NotesMigrationPlan, 3 versions recorded (1.0.0, 2.0.0, 3.0.0)\nAdded: 1.0.0, 2.0.0, 3.0.0.\n"
        )
        let written = try Data(contentsOf: URL(fileURLWithPath: file))
        let recorded = try JSONSerialization.jsonObject(with: written) as? [String: Any] ?? [:]
        #expect(recorded["format"] as? String == "strata.freeze/1")
        #expect(
            (recorded["versions"] as? [[String: Any]])?.compactMap { $0["schemaType"] as? String } == [
                "NotesSchemaV1", "NotesSchemaV2", "NotesSchemaV3",
            ])
        // Unchanged sources: freezing again adds nothing and rewrites the same bytes.
        #expect(
            try CommandRun.strata("freeze", "--sources", tree, "--out", file).standardOutput.contains("Nothing new"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == written)
        #expect(try CommandRun.strata("check", "--sources", tree, "--frozen", file).status == 0)

        let edited = try Self.copy("NotesApp", into: directory, as: "Edited", editing: [Self.colorInV1])
        let check = try CommandRun.strata("check", "--sources", edited, "--frozen", file)
        #expect(check.status == 1)
        #expect(
            check.standardOutput.contains(
                "\(edited)/Models/NotesSchemaV1.swift:4:1: error: NotesSchemaV1 (1.0.0) was edited after it shipped (strata-freeze.json): Note.color added (String, optional); stores at 1.0.0 will not open"
            ))
        let refreeze = try CommandRun.strata("freeze", "--sources", edited, "--out", file)
        #expect(refreeze.status == 1)
        #expect(refreeze.standardError.contains("NotesSchemaV1 (1.0.0) was edited after it shipped"))
        #expect(refreeze.standardError.contains("error: nothing was written"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == written)
    }

    @Test func checkComparesTheSourcesWithAStoreTheAppMade() throws {
        let directory = try TemporaryStore()
        let store = directory.path("Notes-1.store")
        let tree = SourcesCommandTests.tree("NotesApp")
        #expect(try CommandRun.strata("new", store, "--sources", tree, "--at", "1.0.0").status == 0)
        #expect(try CommandRun.strata("check", "--sources", tree, "--store", store).status == 0)
        let edited = try Self.copy("NotesApp", into: directory, editing: [Self.colorInV1])
        let before = TemporaryStore.digests(of: store)
        let check = try CommandRun.strata("check", "--sources", edited, "--store", store, "--json")
        #expect(check.status == 1)
        let messages = (try check.json()["diagnostics"] as? [[String: Any]])?.compactMap { $0["message"] as? String }
        #expect(
            messages?.contains {
                $0.hasPrefix(
                    "NotesSchemaV1 (1.0.0) was edited after it shipped (the store Notes-1.store): Note.color added")
            } == true)
        #expect(TemporaryStore.digests(of: store) == before)
        let usage = try CommandRun.strata("check", "--plan", "bookshelf", "--frozen", store)
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("add --sources DIR"))
    }
}
