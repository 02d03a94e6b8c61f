import SwiftData

enum SummitMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [SummitSchemaV1.self, SummitSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [addRatingAndWeather]
    }

    static let addRatingAndWeather = MigrationStage.lightweight(
        fromVersion: SummitSchemaV1.self,
        toVersion: SummitSchemaV2.self
    )
}
