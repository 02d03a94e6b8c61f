import Foundation
import SwiftData

enum RecipesSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Recipe.self] }

    @Model
    final class Recipe {
        @Attribute(.unique) var name: String
        var minutes: Int
        var notes: String
        var difficulty: Difficulty = Difficulty.medium

        init(name: String, minutes: Int, notes: String) {
            self.name = name
            self.minutes = minutes
            self.notes = notes
        }
    }
}
