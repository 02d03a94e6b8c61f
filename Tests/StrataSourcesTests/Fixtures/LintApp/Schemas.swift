import SwiftData

enum ShopV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Product.self, Order.self] }
    @Model final class Product {
        var name: String
        var price: Double
        var orders: [Order] = []
        init(name: String, price: Double) { self.name = name; self.price = price }
    }
    @Model final class Order {
        var product: Product?
        var backup: Product?
        init() {}
    }
}

enum ShopV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [ShopV1.Product.self, Customer.self] }
    @Model final class Customer {
        var email: String
        init(email: String) { self.email = email }
    }
}

enum ShopV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [ShopV2.Customer.self, Product.self] }
    @Model final class Product {
        var name: String
        var price: Double
        var sku: String
        init(name: String, price: Double, sku: String) { self.name = name; self.price = price; self.sku = sku }
    }
}

enum ShopV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)
    static var models: [any PersistentModel.Type] { [ShopV2.Customer.self, ShopV3.Product.self] }
}

enum ShopPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShopV1.self, ShopV2.self, ShopV3.self, ShopV4.self] }
    static var stages: [MigrationStage] { [v2to3, v3to4] }
    static let v2to3 = MigrationStage.lightweight(fromVersion: ShopV2.self, toVersion: ShopV3.self)
    static let v3to4 = MigrationStage.lightweight(fromVersion: ShopV3.self, toVersion: ShopV4.self)
}

enum EmptyPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShopV4.self] }
    static var stages: [MigrationStage] { [] }
}
