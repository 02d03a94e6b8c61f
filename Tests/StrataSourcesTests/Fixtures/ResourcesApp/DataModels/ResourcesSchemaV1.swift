import Foundation
import SwiftData

enum ResourcesSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self, Component.self, CraftingRecipe.self] }

    @Model
    final class Item {
        @Attribute(.unique) var name: String
        var craftingRecipe: CraftingRecipe?

        init(name: String) { self.name = name }
    }

    @Model
    final class Component {
        var id: UUID
        var count: Int
        var item: Item?
        var craftingRecipe: CraftingRecipe?

        init(count: Int) {
            self.id = UUID()
            self.count = count
        }
    }

    @Model
    final class CraftingRecipe {
        var requiredComponents: [Component] = []
        var producedItemCount: String
        var producedItem: Item?

        init(producedItemCount: String) { self.producedItemCount = producedItemCount }
    }
}
