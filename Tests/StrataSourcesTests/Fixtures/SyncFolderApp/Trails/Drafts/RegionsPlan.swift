// Work in progress: regions are not shipped yet, so this file is taken out of the Trails target.
import SwiftData

enum RegionsDraftPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TrailsSchemaV2.self] }
    static var stages: [MigrationStage] { [] }
}
