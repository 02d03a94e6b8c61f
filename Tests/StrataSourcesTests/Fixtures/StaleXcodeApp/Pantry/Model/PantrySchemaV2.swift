import Foundation
import SwiftData

enum PantrySchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Item.self]
    }

    @Model
    final class Item {
        var name: String
        var quantity: Int
        var bestBefore: Date?

        init(name: String, quantity: Int, bestBefore: Date? = nil) {
            self.name = name
            self.quantity = quantity
            self.bestBefore = bestBefore
        }
    }
}

typealias Item = PantrySchemaV2.Item
