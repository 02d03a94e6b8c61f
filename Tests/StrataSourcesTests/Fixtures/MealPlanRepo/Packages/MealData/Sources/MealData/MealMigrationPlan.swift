import Foundation
import Kitchen
import SwiftData

public enum MealMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [MealSchemaV1.self, MealSchemaV2.self] }
    public static var stages: [MigrationStage] { [toGrams] }

    /// Weights move to grams, with the size they serve, using the shared Kitchen package's measures.
    static let toGrams = MigrationStage.custom(
        fromVersion: MealSchemaV1.self,
        toVersion: MealSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            for meal in try context.fetch(FetchDescriptor<MealSchemaV2.Meal>()) {
                meal.grams = Portion.grams(fromOunces: meal.ounces)
                meal.size = Portion.size(grams: meal.grams)
            }
            try context.save()
        }
    )
}
