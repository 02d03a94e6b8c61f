import Foundation
import SwiftData

public enum MealSchemaV2: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    public static var models: [any PersistentModel.Type] { [Meal.self] }

    @Model
    public final class Meal {
        public var title: String
        public var ounces: Double
        public var grams: Int = 0
        public var size: String = ""

        public init(title: String, ounces: Double) {
            self.title = title
            self.ounces = ounces
        }
    }
}
