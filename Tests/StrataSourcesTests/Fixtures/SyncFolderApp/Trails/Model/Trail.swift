typealias Trail = TrailsSchemaV2.Trail

enum TrailsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TrailsSchemaV1.self, TrailsSchemaV2.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: TrailsSchemaV1.self, toVersion: TrailsSchemaV2.self)]
    }
}
