import ArgumentParser
import Foundation
import StrataSources

/// `strata warm`: builds the compiled level's cache (Strata and its dependencies) ahead of time, so the first
/// `--sources` run of an app's custom stages compiles only the app's own files; `scripts/install.sh` runs it.
struct WarmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warm",
        abstract: "Build the compiled level's cache now, so an app's first custom stage does not wait for it.",
        discussion: """
            The compiled level of --sources builds an app's files against Strata in a cache ($XDG_CACHE_HOME/strata, \
            ~/.cache/strata without it). Its first build compiles Strata and its dependencies (minutes on a small \
            machine); later builds compile only the app's files. `warm` makes that first build now, with a small \
            app of its own (one model, two versions, a custom stage), and says how long it took. \
            scripts/install.sh runs it after installing (skip with --no-warm). Run again, it finds nothing to do.

            Examples:
              strata warm
              XDG_CACHE_HOME=/tmp/cache strata warm
            """)

    func run() throws {
        let package = CompiledPackage()
        let folder = package.root.deletingLastPathComponent().appendingPathComponent("warm-app", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(WarmApp.source.utf8).write(to: folder.appendingPathComponent("WarmApp.swift"), options: .atomic)
        } catch {
            throw CommandFailure.findings(
                "the cache folder \(folder.path) cannot be written: \(error.localizedDescription)")
        }
        let app = try AppSources(folder: folder)
        let started = Date()
        switch CompiledLevel.build(CompiledApp(sources: app)) {
        case .built:
            let seconds = Int(Date().timeIntervalSince(started).rounded())
            print("The compiled level is ready in \(package.root.path) (\(seconds) s).")
        case .failed(let problems):
            throw CommandFailure.findings(
                "the warm-up app did not compile against Strata: "
                    + problems.prefix(3).map(\.description).joined(separator: "; "))
        case .unavailable(let reason):
            throw CommandFailure.findings("the compiled level is unavailable: \(reason)")
        }
    }
}

/// The small app `strata warm` builds: what every app's build needs from Strata (a model, versioned schemas, a plan
/// with a custom stage), so the cache holds Strata and its dependencies compiled.
enum WarmApp {
    /// Its one source file.
    static let source = """
        import Foundation
        import SwiftData

        enum WarmSchemaV1: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
            static var models: [any PersistentModel.Type] { [Note.self] }

            @Model final class Note {
                @Attribute(.unique) var id: UUID
                var title: String
                init(title: String) {
                    self.id = UUID()
                    self.title = title
                }
            }
        }

        enum WarmSchemaV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [Note.self] }

            @Model final class Note {
                @Attribute(.unique) var id: UUID
                var title: String
                var words: Int
                init(title: String) {
                    self.id = UUID()
                    self.title = title
                    self.words = 0
                }
            }
        }

        enum WarmPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [WarmSchemaV1.self, WarmSchemaV2.self] }
            static var stages: [MigrationStage] { [countWords] }

            static let countWords = MigrationStage.custom(
                fromVersion: WarmSchemaV1.self, toVersion: WarmSchemaV2.self, willMigrate: nil,
                didMigrate: { context in
                    for note in try context.fetch(FetchDescriptor<WarmSchemaV2.Note>()) {
                        note.words = note.title.split(separator: " ").count
                    }
                    try context.save()
                })
        }

        """
}
