import Foundation
import SwiftData

enum RecipesSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] {
        [Recipe.self]
    }

    @Model
    final class Recipe {
        var title: String
        var servings: Int

        init(title: String, servings: Int) {
            self.title = title
            self.servings = servings
        }
    }
}
