import Foundation
import SwiftData

enum TrainingMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TrainingSchemaV1.self, TrainingSchemaV2.self] }
    static var stages: [MigrationStage] { [toKilograms] }

    /// Loads are kept in kilograms from 2.0 on, with the intensity they were lifted at.
    static let toKilograms = MigrationStage.custom(
        fromVersion: TrainingSchemaV1.self,
        toVersion: TrainingSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            for exercise in try context.fetch(FetchDescriptor<TrainingSchemaV2.Exercise>()) {
                exercise.loadKilograms = WeightUnit.kilograms(exercise.load, unitCode: exercise.unitCode)
                exercise.intensity = Intensity.forLoad(kilograms: exercise.loadKilograms)
                exercise.tint = TrainingConstants.defaultTint
                print("\(exercise.name): \(exercise.intensity.label)")
            }
            try context.save()
        }
    )
}
