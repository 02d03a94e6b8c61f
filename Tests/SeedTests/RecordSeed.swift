// The model code of seeds/versioned-schema-from-unversioned.md, as written, with `import SwiftData`
// replaced by `import Strata`. Left out: the article's unversioned top-level `Record` (the article itself
// deletes it in favour of the `typealias`, and both cannot share a module) and the SwiftUI `App` struct.
// `ModelContainer.sample` opens the default store location and migrates it, so the tests compile it but do
// not call it (migrations are tested elsewhere).
import Strata

typealias Record = AppVersionedSchemaV2.Record

enum AppVersionedSchemaV1: VersionedSchema {

    static var models: [any PersistentModel.Type] {
        [Record.self]
    }

    static var versionIdentifier: Schema.Version = Schema.Version(0, 0, 1)

    @Model
    final class Record {
        var title: String
        var content: String
        var createTime: Date

        init(title: String, content: String, createTime: Date) {
            self.title = title
            self.content = content
            self.createTime = createTime
        }
    }
}

enum AppVersionedSchemaV2: VersionedSchema {

    static var models: [any PersistentModel.Type] {
        [Record.self]
    }
    // note we changed the version number
    static var versionIdentifier: Schema.Version = Schema.Version(0, 1, 0)

    @Model
    final class Record {
        var title: String
        var content: String
        var createTime: Date
        // changes here
        var isFavorite: Bool?

        // changes here: isFavorite
        init(title: String, content: String, createTime: Date, isFavorite: Bool? = false) {
            self.title = title
            self.content = content
            self.createTime = createTime
            // changes here
            self.isFavorite = isFavorite
        }
    }
}

enum MigrationPlanV1toV2: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [
            AppVersionedSchemaV1.self,
            AppVersionedSchemaV2.self,
        ]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: AppVersionedSchemaV1.self, toVersion: AppVersionedSchemaV2.self
    ) { context in
        do {
            let records = try context.fetch(FetchDescriptor<AppVersionedSchemaV1.Record>())
            records.forEach { $0.title = $0.title.capitalized }
            try context.save()
        } catch {
            print("Migration error: \(error.localizedDescription)")
        }
    } didMigrate: { context in
        do {
            let records = try context.fetch(FetchDescriptor<AppVersionedSchemaV2.Record>())
            records.forEach { $0.isFavorite = true }
            try context.save()
            print("migration finished.")
        } catch {
            print("migration error: \(error.localizedDescription)")
        }
    }
}

// ModelContainer+sample.swift
extension ModelContainer {
    static var sample: () throws -> ModelContainer = {
        let schema = Schema([Record.self])
        let configuration = ModelConfiguration(isStoredInMemoryOnly: false)
        let container = try ModelContainer(
            for: schema, migrationPlan: MigrationPlanV1toV2.self, configurations: [configuration])
        return container
    }

}
