import Foundation
import Strata
import StrataSources
import Testing

/// The lint of an app's sources: each of the seeds' pitfalls found at its file, line and column, on app-shaped trees.
@Suite struct SourceLintTests {
    /// The findings of the tree's plan as "File.swift:line:column: severity: message" with the file's name only.
    static func findings(_ folder: URL, plan: String? = nil, shipped: [ShippedVersion] = []) throws -> [String] {
        let sources = try AppSources(folder: folder)
        let read = try sources.plan(named: plan)
        return SourceLint(plan: read, sources: sources, shipped: shipped).findings().map {
            "\(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line):\($0.location.column): \($0.severity): \($0.message)"
        }
    }

    /// A copy of a fixture tree in a new temporary folder, with `edits` (file, text, replacement) applied.
    static func copy(_ tree: String, editing edits: [(String, String, String)] = []) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-lint-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: FixtureTree.folder(tree), to: folder)
        for (file, text, replacement) in edits {
            let url = folder.appendingPathComponent(file)
            let original = try String(contentsOf: url, encoding: .utf8)
            #expect(original.contains(text), "\(file) holds \(text)")
            try original.replacingOccurrences(of: text, with: replacement).write(
                to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func findsEachPitfallOfTheJournalAppAtItsPlace() throws {
        let found = try Self.findings(FixtureTree.folder("JournalApp"))
        func at(_ place: String) -> [String] { found.filter { $0.hasPrefix(place + ": ") } }
        #expect(
            at("JournalSchemaV1.swift:5:5") == [
                "JournalSchemaV1.swift:5:5: warning: static var versionIdentifier is mutable global state, which the Swift 6 language mode rejects (not concurrency-safe); write static let versionIdentifier"
            ])
        #expect(
            at("JournalSchemaV2.swift:4:1") == [
                "JournalSchemaV2.swift:4:1: error: no stage leads from JournalSchemaV1 to JournalSchemaV2, and an inferred migration cannot make its changes: Entry.mood added (Int, required, no default): custom: existing rows have no value for the new required attribute Entry.mood; make it optional, give it a default value, or fill it in didMigrate of a custom stage; add a custom stage from JournalSchemaV1 to JournalSchemaV2 to the plan"
            ])
        #expect(
            at("JournalSchemaV2.swift:8:22") == [
                "JournalSchemaV2.swift:8:22: warning: JournalSchemaV1.Setting is listed by both JournalSchemaV1 and JournalSchemaV2: editing it for JournalSchemaV2 edits JournalSchemaV1 too; give JournalSchemaV2 its own copy of the class"
            ])
        #expect(at("JournalPlan.swift:12:5").count == 1)
        #expect(
            at("JournalPlan.swift:12:5").first?.contains(
                "error: stage 1 (lightweight 2.0.0 -> 3.0.0) is lightweight but contains a change it cannot do: Entry.createdAt type changed from Date to String"
            ) == true)
        #expect(
            at("JournalSchemaV4.swift:4:1") == [
                "JournalSchemaV4.swift:4:1: error: schemas 3.0.0 and 4.0.0 are identical (SwiftData stops with \"Duplicate version checksums\"); change the models of one or drop it from the plan"
            ])
        // The ambiguous inverses, at the relationships of each version that declares them (20:9 is `var author`).
        #expect(
            at("JournalSchemaV3.swift:20:9") == [
                "JournalSchemaV3.swift:20:9: error: the inverse of Entry.author is ambiguous among Entry.author, Entry.reviewer, Person.entries; name it with @Relationship(inverse: \\Person.property)"
            ])
        #expect(at("JournalSchemaV3.swift:34:9").first?.contains("the inverse of Person.entries is ambiguous") == true)
        #expect(at("JournalSchemaV4.swift:17:9").first?.contains("the inverse of Entry.author is ambiguous") == true)
        #expect(found.count == 11)
        #expect(found.filter { $0.contains(": error: ") }.count == 9)
        #expect(found.first?.hasPrefix("JournalPlan.swift:12:5") == true, "in path order: Migration/ before Schema/")
    }

    @Test func aCleanPlanHasOnlyTheWarningOfItsMutableIdentifierAndSwift6MakesItAnError() throws {
        #expect(
            try Self.findings(FixtureTree.folder("NotesApp")) == [
                "NotesSchemaV1.swift:5:5: warning: static var versionIdentifier is mutable global state, which the Swift 6 language mode rejects (not concurrency-safe); write static let versionIdentifier"
            ])
        // The same sources in a package whose manifest asks for Swift 6, then one that keeps the Swift 5 mode.
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pkg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let sources = package.appendingPathComponent("Sources/Notes")
        try FileManager.default.createDirectory(
            at: sources.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: FixtureTree.folder("NotesApp"), to: sources)
        let manifest = package.appendingPathComponent("Package.swift")
        try
            "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Notes\", targets: [.target(name: \"Notes\")])\n"
            .write(
                to: manifest, atomically: true, encoding: .utf8)
        #expect(try Self.findings(sources).map { $0.contains(": error: static var versionIdentifier") } == [true])
        try
            "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Notes\", targets: [.target(name: \"Notes\")], swiftLanguageModes: [.v5])\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try Self.findings(sources).map { $0.contains(": warning: static var versionIdentifier") } == [true])
    }

    @Test func anEditToAFrozenVersionIsAnErrorAtItsDeclaration() throws {
        var frozen = FrozenVersions(plan: "NotesMigrationPlan")
        let plan = try AppSources(folder: FixtureTree.folder("NotesApp")).plan(named: nil)
        #expect(plan.versions.map { frozen.record($0) } == [true, true, true])
        #expect(frozen.record(plan.versions[0]) == false)
        // Through the file's bytes, as an app commits it.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-freeze-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try frozen.encoded().write(to: file)
        let recorded = try FrozenVersions(contentsOf: file)
        #expect(recorded.versions.map(\.fingerprint) == plan.versions.map(\.schema.fingerprint))
        #expect(try recorded.encoded() == frozen.encoded())

        let unchanged = try Self.findings(
            FixtureTree.folder("NotesApp"), shipped: recorded.shipped(recordedIn: "strata-freeze.json"))
        #expect(unchanged.count == 1) // the mutable identifier's warning only

        let edited = try Self.copy(
            "NotesApp",
            editing: [
                (
                    "Models/NotesSchemaV1+Models.swift", "var body: String\n",
                    "var body: String\n        var color: String?\n"
                )
            ])
        defer { try? FileManager.default.removeItem(at: edited) }
        let found = try Self.findings(edited, shipped: recorded.shipped(recordedIn: "strata-freeze.json"))
        #expect(
            found.contains(
                "NotesSchemaV1.swift:4:1: error: NotesSchemaV1 (1.0.0) was edited after it shipped (strata-freeze.json): Note.color added (String, optional); stores at 1.0.0 will not open: restore it and make the change in a new version"
            ))
        #expect(found.filter { $0.contains("was edited after it shipped") }.count == 1)
    }
}
