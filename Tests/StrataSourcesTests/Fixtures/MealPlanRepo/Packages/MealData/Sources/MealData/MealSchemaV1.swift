import Foundation
import SwiftData

public enum MealSchemaV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    public static var models: [any PersistentModel.Type] { [Meal.self] }

    @Model
    public final class Meal {
        public var title: String
        /// The weight as the first versions stored it, in ounces.
        public var ounces: Double

        public init(title: String, ounces: Double) {
            self.title = title
            self.ounces = ounces
        }
    }
}
