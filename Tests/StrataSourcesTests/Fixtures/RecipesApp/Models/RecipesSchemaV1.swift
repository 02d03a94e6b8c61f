import Foundation
import SwiftData

enum RecipesSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Recipe.self] }

    @Model
    final class Recipe {
        var name: String
        var minutes: Int
        var notes: String

        init(name: String, minutes: Int, notes: String) {
            self.name = name
            self.minutes = minutes
            self.notes = notes
        }
    }
}
