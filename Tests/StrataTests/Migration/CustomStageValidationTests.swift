import Foundation
import Strata
import Testing

/// V1 -> V2 of a kennel whose dogs each need a keeper (a required to-one relationship); V2 adds an optional age.
enum KennelV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Keeper.self, Dog.self] }
    @Model final class Keeper {
        var name: String
        @Relationship(deleteRule: .nullify, inverse: \Dog.keeper) var dogs: [Dog] = []
        init(name: String) { self.name = name }
    }
    @Model final class Dog {
        var name: String
        var keeper: Keeper
        init(name: String, keeper: Keeper) {
            self.name = name
            self.keeper = keeper
        }
    }
}

enum KennelV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Keeper.self, Dog.self] }
    @Model final class Keeper {
        var name: String
        @Relationship(deleteRule: .nullify, inverse: \Dog.keeper) var dogs: [Dog] = []
        init(name: String) { self.name = name }
    }
    @Model final class Dog {
        var name: String
        var keeper: Keeper
        var age: Int?
        init(name: String, keeper: Keeper) {
            self.name = name
            self.keeper = keeper
        }
    }
}

/// willMigrate deletes a keeper: the nullify rule leaves her dog without the keeper it must have.
enum KennelPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [KennelV1.self, KennelV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: KennelV1.self, toVersion: KennelV2.self,
                willMigrate: { context in
                    // The dogs are loaded with their keepers, so the delete's nullify rule reaches Ann's dog.
                    let dogs = try context.fetch(FetchDescriptor<KennelV1.Dog>())
                    guard dogs.map(\.keeper.name).sorted() == ["Ann", "Bo"] else { throw ShelfFailure("keepers") }
                    let keepers = try context.fetch(
                        FetchDescriptor<KennelV1.Keeper>(predicate: #Predicate { $0.name == "Ann" }))
                    for keeper in keepers { context.delete(keeper) }
                    try context.save()
                }, didMigrate: nil)
        ]
    }
}

/// A custom stage's validation checks the columns its changes can empty and every required to-one relationship
/// (its saves refuse a required attribute without a value on their own), and that no row references a missing one.
@Suite struct CustomStageValidationTests {
    @Test func aDeleteInWillMigrateThatLeavesADogWithoutItsRequiredKeeperIsRefusedAndTheStoreKept() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("kennel")
        do {
            let context = ModelContext(
                try ModelContainer(
                    for: Schema(versionedSchema: KennelV1.self), configurations: ModelConfiguration(url: url)))
            let ann = KennelV1.Keeper(name: "Ann")
            let bo = KennelV1.Keeper(name: "Bo")
            context.insert(KennelV1.Dog(name: "Rex", keeper: ann))
            context.insert(KennelV1.Dog(name: "Fido", keeper: bo))
            try context.save()
        }
        let before = storeHashes(url)
        #expect {
            _ = try Migrator(store: url, plan: KennelPlan.self).runAll()
        } throws: { error in
            // The dog's keeper column still names Ann's deleted row: refused by the foreign-key check (a column
            // left empty would be refused by the required-value check that follows the custom stage).
            let text = "\(error)"
            return text.contains("left data that does not fit the new schema")
                && (text.contains("Dog.keeper is required") || text.contains("reference rows that do not exist"))
        }
        #expect(storeHashes(url) == before)
        #expect(try StoreInspector(url: url).version() == Schema.Version(1, 0, 0))
    }
}
