import SwiftData

enum GardenPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [GardenSchemaV1.self, GardenSchemaV2.self /* , GardenSchemaV3.self */]
    }

    static var stages: [MigrationStage] {
        [addSunlight /* , splitBeds */]
    }

    static let addSunlight = MigrationStage.lightweight(
        fromVersion: GardenSchemaV1.self, toVersion: GardenSchemaV2.self)

    /*
    static let splitBeds = MigrationStage.custom(
        fromVersion: GardenSchemaV2.self, toVersion: GardenSchemaV3.self,
        willMigrate: nil, didMigrate: nil)
    */
}

/* Beds are not shipped yet.

enum GardenSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self, Bed.self] }

    @Model
    final class Plant {
        var name: String
    }

    @Model
    final class Bed {
        var label: String
    }
}
*/
