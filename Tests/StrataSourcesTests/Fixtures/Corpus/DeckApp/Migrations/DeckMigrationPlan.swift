import Foundation
import SwiftData

enum DeckMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [
            DeckSchemaV1.self,
            DeckSchemaV2.self,
            DeckSchemaV3.self,
            DeckSchemaV4.self,
            DeckSchemaV5.self,
        ]
    }

    static var stages: [MigrationStage] {
        [
            v1ToV2,
            .migrateV2ToV3(),
            clearingDrafts(from: DeckSchemaV3.self, to: DeckSchemaV4.self),
            Self.v4ToV5,
        ]
    }

    static let v1ToV2: MigrationStage = .lightweight(fromVersion: DeckSchemaV1.self, toVersion: DeckSchemaV2.self)

    static var v4ToV5: MigrationStage {
        MigrationStage.lightweight(fromVersion: DeckSchemaV4.self, toVersion: DeckSchemaV5.self)
    }

    /// Drafts are dropped when leaving a version that had them.
    static func clearingDrafts<From: VersionedSchema, To: VersionedSchema>(
        from: From.Type, to: To.Type
    ) -> MigrationStage {
        .custom(
            fromVersion: from,
            toVersion: to,
            willMigrate: { context in
                try context.delete(model: DeckSchemaV3.Draft.self)
                try context.save()
            },
            didMigrate: nil
        )
    }
}
