import Foundation
import SwiftData

// Version 2 is the one the app ships now: it lists the live classes.
enum RecipesSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] {
        [Recipe.self, Ingredient.self]
    }
}
