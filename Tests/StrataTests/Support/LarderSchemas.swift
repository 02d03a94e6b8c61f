import Foundation
import Strata

/// A larder app's store: V1 lists items with a quantity; V2 adds an optional expiry date (lightweight); V3 files each
/// item under a category, which a custom stage's `didMigrate` derives from the name (run without it, the structural
/// change alone would succeed and leave every category empty).
enum LarderV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model final class Item {
        var name: String
        var quantity: Int

        init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }
}

enum LarderV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model final class Item {
        var name: String
        var quantity: Int
        var expires: Date?

        init(name: String, quantity: Int, expires: Date? = nil) {
            self.name = name
            self.quantity = quantity
            self.expires = expires
        }
    }
}

enum LarderV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model final class Item {
        var name: String
        var quantity: Int
        var expires: Date?
        var category: String?

        init(name: String, quantity: Int, expires: Date? = nil, category: String? = nil) {
            self.name = name
            self.quantity = quantity
            self.expires = expires
            self.category = category
        }
    }
}

enum LarderPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [LarderV1.self, LarderV2.self, LarderV3.self] }
    static var stages: [MigrationStage] { [addExpiry, fileUnderCategories] }

    static let addExpiry = MigrationStage.lightweight(fromVersion: LarderV1.self, toVersion: LarderV2.self)

    static let fileUnderCategories = MigrationStage.custom(
        fromVersion: LarderV2.self, toVersion: LarderV3.self, willMigrate: nil,
        didMigrate: { context in
            for item in try context.fetch(FetchDescriptor<LarderV3.Item>()) {
                item.category = item.name.hasSuffix("flour") || item.name == "rice" ? "grains" : "other"
            }
            try context.save()
        })

    /// The plan as `strata --sources` reads it without compiling the app: the schemas described (no model types)
    /// and the custom stage declared without its closures.
    static func readFromSources() throws -> ValidatedPlan {
        let described = schemas.map {
            Schema(entities: Schema(versionedSchema: $0).entities, version: $0.versionIdentifier)
        }
        return try ValidatedPlan(
            checked: ValidatedPlan.check(
                name: "LarderPlan", schemas: described,
                stages: [
                    .init(kind: .lightweight, from: LarderV1.versionIdentifier, to: LarderV2.versionIdentifier),
                    .init(kind: .custom, from: LarderV2.versionIdentifier, to: LarderV3.versionIdentifier),
                ]))
    }
}

/// A V1 larder store with rice, rye flour and olive oil.
func makeLarderV1(at url: URL) throws {
    let container = try ModelContainer(
        for: Schema(versionedSchema: LarderV1.self), configurations: ModelConfiguration(url: url))
    let context = ModelContext(container)
    for (name, quantity) in [("rice", 2), ("rye flour", 1), ("olive oil", 3)] {
        context.insert(LarderV1.Item(name: name, quantity: quantity))
    }
    try context.save()
}
