import Foundation
import Strata

/// An app's plan compiled into the tests and also read from this file as source: V2 adopts `#Unique` and
/// `#Index`, so the static reader must see them to give its schemas the compiled fingerprints.
enum InventoryV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model final class Item {
        var sku: String
        var warehouse: String
        var count: Int = 0

        init(sku: String, warehouse: String) {
            self.sku = sku
            self.warehouse = warehouse
        }
    }
}

enum InventoryV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model final class Item {
        #Unique<Item>([\.sku, \.warehouse])
        #Index<Item>([\.warehouse], [\Item.sku, \.count])

        var sku: String
        var warehouse: String
        var count: Int = 0

        init(sku: String, warehouse: String) {
            self.sku = sku
            self.warehouse = warehouse
        }
    }
}

enum InventoryPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [InventoryV1.self, InventoryV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: InventoryV1.self, toVersion: InventoryV2.self)] }
}
