import Foundation
import Strata
import Testing

/// V1 -> V2 of a pantry whose jars gain an optional count.
enum PantryV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Jar.self] }
    @Model final class Jar {
        var label: String
        init(label: String) { self.label = label }
    }
}

enum PantryV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Jar.self] }
    @Model final class Jar {
        var label: String
        var count: Int?
        init(label: String) { self.label = label }
    }
}

/// willMigrate prints what it found (one line in two writes) and keeps the labels in a file in Application Support,
/// as apps keep pending work; didMigrate prints two lines at once and one without a line break.
enum PantryPlan: SchemaMigrationPlan {
    /// The labels file the last run's willMigrate wrote.
    nonisolated(unsafe) static var labelsFile: URL?

    static var schemas: [any VersionedSchema.Type] { [PantryV1.self, PantryV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: PantryV1.self, toVersion: PantryV2.self,
                willMigrate: { context in
                    let jars = try context.fetch(FetchDescriptor<PantryV1.Jar>(sortBy: [SortDescriptor(\.label)]))
                    StageOutput.write("found \(jars.count) ")
                    StageOutput.write("jars\n")
                    let folder = StageDirectories.url(for: .applicationSupportDirectory)
                        .appendingPathComponent("Pantry")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let file = folder.appendingPathComponent("labels.txt")
                    try Data(jars.map(\.label).joined(separator: "\n").utf8).write(to: file)
                    labelsFile = file
                },
                didMigrate: { _ in
                    StageOutput.write("counted\nnothing to fill\n")
                    StageOutput.log(level: "notice", category: "Pantry", message: "done")
                    StageOutput.write("no line break")
                })
        ]
    }
}

/// What a stage prints becomes events in order with the stage's own, and the folders a dry run's stage writes side
/// files in are inside the private copy's temporary directory, listed, and removed with it.
@Suite(.serialized) struct StageOutputTests {
    private func pantry(_ directory: TemporaryDirectory) throws -> URL {
        let url = directory.store("pantry")
        let context = ModelContext(
            try ModelContainer(
                for: Schema(versionedSchema: PantryV1.self), configurations: ModelConfiguration(url: url)))
        context.insert(PantryV1.Jar(label: "Plum jam"))
        context.insert(PantryV1.Jar(label: "Capers"))
        try context.save()
        return url
    }

    @Test func aDryRunsStageOutputAndSideFilesAreEventsAndTheFilesAreGoneAfterwards() throws {
        let directory = TemporaryDirectory()
        let url = try pantry(directory)
        var events: [String] = []
        do {
            let migrator = try Migrator.onPrivateCopy(of: url, plan: PantryPlan.self)
            migrator.onEvent = { event in
                switch event {
                case .step(_, let summary) where summary.hasSuffix("Migrate"): events.append(summary)
                case .output(let stage, let line): events.append("\(stage): \(line)")
                case .sideFile(_, let path): events.append("wrote \(path)")
                case .stageFinished: events.append("finished")
                default: break
                }
            }
            _ = try migrator.runAll()
            let file = try #require(PantryPlan.labelsFile)
            // While the migrator lives, the file is in its private copy's temporary directory.
            #expect(file.path.hasPrefix(migrator.storeURL.deletingLastPathComponent().path + "/side-files/"))
            #expect(try String(contentsOf: file, encoding: .utf8) == "Capers\nPlum jam")
        }
        #expect(
            events == [
                "willMigrate", "1.0.0 -> 2.0.0: found 2 jars", "didMigrate", "1.0.0 -> 2.0.0: counted",
                "1.0.0 -> 2.0.0: nothing to fill", "1.0.0 -> 2.0.0: [Pantry] notice: done",
                "1.0.0 -> 2.0.0: no line break", "finished", "wrote Application Support/Pantry/labels.txt",
            ])
        let file = try #require(PantryPlan.labelsFile)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try StoreInspector(url: url).version() == Schema.Version(1, 0, 0))
    }

    @Test func outsideADryRunsStageTheFoldersAreThisMachines() throws {
        let expected = try #require(
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
        #expect(StageDirectories.url(for: .applicationSupportDirectory) == expected)
        #expect(
            StageDirectories.urls(for: .cachesDirectory, in: .userDomainMask)
                == FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask))
        #expect(
            StageDirectories.container(group: "group.example")
                == expected.appendingPathComponent("group.example", isDirectory: true))
    }
}
