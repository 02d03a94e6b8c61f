import Foundation
import SwiftData

enum KitchenSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Recipe.self, Card.self, Owner.self] }

    @Model final class Recipe {
        var title = ""
        var cards = [Card]()
        var owner = Owner?.none
        var nickname: String!
        var servings = 4
        var tags = Set<String>()
        init() {}
    }

    @Model final class Card {
        var text = ""
        var recipe: Recipe?
        init() {}
    }

    @Model final class Owner {
        var name = ""
        @Relationship(inverse: \Recipe.owner) var recipes: [Recipe] = []
        init() {}
    }
}

enum KitchenPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [KitchenSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
}
