import Foundation
import SwiftData

enum RoutePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [RouteSchemaV1.self, RouteSchemaV2.self] }
    static var stages: [MigrationStage] { [scorePoints] }

    /// Version 2 scores each logged climb by its grade; a grade the scale does not know scores 10.
    static let scorePoints = MigrationStage.custom(
        fromVersion: RouteSchemaV1.self, toVersion: RouteSchemaV2.self, willMigrate: nil,
        didMigrate: { context in
            for climb in try context.fetch(FetchDescriptor<RouteSchemaV2.Climb>()) {
                climb.points = Grade(rawValue: climb.gradeCode)?.points ?? 10 + climb.name.count
            }
            try context.save()
        })
}
