import SwiftData

enum FieldNotesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        var versions: [any VersionedSchema.Type] = [FieldNotesSchemaV1.self]
        versions += [FieldNotesSchemaV2.self, FieldNotesSchemaV3.self]
        return versions
    }

    static var stages: [MigrationStage] {
        let addPhotos = MigrationStage.lightweight(
            fromVersion: FieldNotesSchemaV1.self, toVersion: FieldNotesSchemaV2.self)
        var stages = [addPhotos]
        stages.append(dropPhotos)
        return stages
    }

    static let dropPhotos = MigrationStage.lightweight(
        fromVersion: FieldNotesSchemaV2.self, toVersion: FieldNotesSchemaV3.self)
}
