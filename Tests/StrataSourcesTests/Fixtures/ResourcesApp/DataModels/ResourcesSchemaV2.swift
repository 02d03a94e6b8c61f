import Foundation
import SwiftData

typealias Item = ResourcesSchemaV2.Item
typealias Component = ResourcesSchemaV2.Component
typealias CraftingRecipe = ResourcesSchemaV2.CraftingRecipe

/// 2.0.0: items get an optional note and their names may repeat; components lose their UUID.
enum ResourcesSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self, Component.self, CraftingRecipe.self] }

    @Model
    final class Item {
        var name: String
        var note: String?
        var craftingRecipe: CraftingRecipe?

        init(name: String) { self.name = name }
    }

    @Model
    final class Component {
        var count: Int
        var item: Item?
        var craftingRecipe: CraftingRecipe?

        init(count: Int) { self.count = count }
    }

    @Model
    final class CraftingRecipe {
        var requiredComponents: [Component] = []
        var producedItemCount: String
        var producedItem: Item?

        init(producedItemCount: String) { self.producedItemCount = producedItemCount }
    }
}
