import Foundation
import SwiftData

enum NotesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [NotesSchemaV1.self, NotesSchemaV2.self, NotesSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3]
    }

    /// Titles become unique: duplicates get a suffix before the constraint applies.
    static var migrateV1toV2: MigrationStage {
        MigrationStage.custom(
            fromVersion: NotesSchemaV1.self,
            toVersion: NotesSchemaV2.self,
            willMigrate: { context in
                var seen: Set<String> = []
                for note in try context.fetch(FetchDescriptor<NotesSchemaV1.Note>()) {
                    while seen.contains(note.title) { note.title += " (copy)" }
                    seen.insert(note.title)
                }
                try context.save()
            },
            didMigrate: { context in
                // Flagged notes are pinned from 2.0 on.
                for note in try context.fetch(FetchDescriptor<NotesSchemaV2.Note>()) where note.priority.isFlagged {
                    note.title = "Pinned: " + note.title
                }
                try context.save()
            }
        )
    }

    static let migrateV2toV3 = MigrationStage.lightweight(fromVersion: NotesSchemaV2.self, toVersion: NotesSchemaV3.self)
}
