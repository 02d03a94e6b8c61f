import Foundation
import Strata

/// Two tiny plans the bundled `strata` does not ship: one whose lightweight stage cannot work, one whose custom stage throws.
enum Notes {
    /// 1.0.0: a note with text.
    enum V1: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }

        @Model final class Note {
            var text: String
            init(text: String) { self.text = text }
        }
    }

    /// 2.0.0: a required priority with no default, which a lightweight stage cannot fill.
    enum V2: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }

        @Model final class Note {
            var text: String
            var priority: Int
            init(text: String, priority: Int) {
                self.text = text
                self.priority = priority
            }
        }
    }

    /// What the failing stage throws.
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "priorities cannot be decided" }
    }

    /// V1 -> V2 as a lightweight stage: invalid.
    enum BrokenPlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
        static var stages: [MigrationStage] { [.lightweight(fromVersion: V1.self, toVersion: V2.self)] }
    }

    /// V1 -> V2 as a custom stage whose didMigrate throws.
    enum FailingPlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
        static var stages: [MigrationStage] {
            [.custom(fromVersion: V1.self, toVersion: V2.self, willMigrate: nil, didMigrate: { _ in throw Refusal() })]
        }
    }

    /// Creates a 1.0.0 store with three notes.
    static func makeStore(at url: URL) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: V1.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        for text in ["one", "two", "three"] { context.insert(V1.Note(text: text)) }
        try context.save()
    }
}
