import Foundation
import GRDB
import Testing

@testable import Strata

/// A guide's "remove an unused property": V1 with `phone`, V2 without it, and a plan with `stages: []`. SwiftData
/// infers the migration and drops the column; so does Strata, reporting what goes. Strict mode refuses it.
enum Contacts {
    enum V1: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Person.self, Address.self] }

        @Model final class Person {
            var name: String
            var phone: String
            var address: Address?
            init(name: String, phone: String) {
                self.name = name
                self.phone = phone
            }
        }

        @Model final class Address {
            var street: String
            init(street: String) { self.street = street }
        }
    }

    enum V2: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Person.self] }

        @Model final class Person {
            var name: String
            init(name: String) { self.name = name }
        }
    }

    enum Plan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
        static var stages: [MigrationStage] { [] }
    }
}

@Suite struct InferredRemovalTests {
    let directory = TemporaryDirectory()

    /// A V1 store with two people, one of them with an address.
    private func v1Store() throws -> URL {
        let url = directory.store()
        let context = ModelContext(
            try ModelContainer(
                for: Schema(versionedSchema: Contacts.V1.self), configurations: ModelConfiguration(url: url)))
        let ada = Contacts.V1.Person(name: "Ada", phone: "555-0100")
        ada.address = Contacts.V1.Address(street: "1 Analytical Way")
        context.insert(ada)
        context.insert(Contacts.V1.Person(name: "Grace", phone: "555-0199"))
        try context.save()
        return url
    }

    private func columns(of table: String, at url: URL) throws -> [String] {
        try DatabaseQueue(path: url.path).read { db in try db.columns(in: table).map(\.name) }
    }

    private func tables(at url: URL) throws -> [String] {
        try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY 1"
            )
        }
    }

    @Test func aPlanWithNoStagesRemovesTheProperty() throws {
        let url = try v1Store()
        let container = try ModelContainer(
            for: Schema(versionedSchema: Contacts.V2.self), migrationPlan: Contacts.Plan.self,
            configurations: ModelConfiguration(url: url))
        let names = try ModelContext(container).fetch(
            FetchDescriptor<Contacts.V2.Person>(sortBy: [SortDescriptor(\.name)])
        ).map(\.name)
        #expect(names == ["Ada", "Grace"])
        #expect(try columns(of: "Person", at: url).sorted() == ["_pk", "name"])
        #expect(try tables(at: url) == ["Person"])
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
        #expect(try StoreInspector(url: url).history().map(\.kind) == ["inferred"])
    }

    @Test func noPlanAtAllRemovesTheProperty() throws {
        let url = try v1Store()
        let context = ModelContext(
            try ModelContainer(for: Contacts.V2.Person.self, configurations: ModelConfiguration(url: url)))
        #expect(try context.fetch(FetchDescriptor<Contacts.V2.Person>()).map(\.name).sorted() == ["Ada", "Grace"])
        #expect(try columns(of: "Person", at: url).sorted() == ["_pk", "name"])
    }

    /// The migrator runs the inferred stage, reports the data it drops as findings and warns while it runs.
    @Test func theMigratorWarnsWithCounts() throws {
        let url = try v1Store()
        let migrator = try Migrator(store: url, plan: Contacts.Plan.self)
        #expect(migrator.pending.map(\.kind) == [.inferred])
        var warnings: [String] = []
        migrator.onEvent = { if case .warning(_, let message) = $0 { warnings.append(message) } }
        let report = try #require(try migrator.runNextStage())
        let losses = report.findings.filter(\.isLoss).map(\.description)
        #expect(losses.contains("Person.phone: 2 non-nil values dropped (e.g. Person/1, Person/2)"))
        #expect(losses.contains("Address: 1 row dropped (e.g. Address/1)"))
        #expect(losses.contains("Person.address: 1 link dropped (e.g. Person/1)"))
        #expect(warnings.count == losses.count)
        #expect(warnings.allSatisfy { $0.hasPrefix("the inferred stage removes data: ") })
    }

    /// Strict mode refuses before anything runs, naming each loss, and leaves every byte of the store.
    @Test func strictModeRefusesAndTouchesNothing() throws {
        let url = try v1Store()
        let before = storeHashes(url)
        #expect {
            _ = try Migrator(store: url, plan: Contacts.Plan.self, refusingDataLoss: true)
        } throws: { error in
            let text = "\(error)"
            return text.contains("would lose data") && text.contains("Person.phone: 2 non-nil values dropped")
                && text.contains("nothing was changed")
        }
        #expect(storeHashes(url) == before)
        #expect {
            _ = try Migrator.dryRun(store: url, plan: Contacts.Plan.self, refusingDataLoss: true)
        } throws: { error in "\(error)".contains("Address: 1 row dropped") }
        #expect(storeHashes(url) == before)
    }

    /// Strict mode counts the data: removing what holds nothing is no loss.
    @Test func strictModeAcceptsRemovingEmptyData() throws {
        let url = directory.store()
        do {
            let context = ModelContext(
                try ModelContainer(
                    for: Schema(versionedSchema: Contacts.V1.self), configurations: ModelConfiguration(url: url)))
            try context.save()
        }
        let migrator = try Migrator(store: url, plan: Contacts.Plan.self, refusingDataLoss: true)
        #expect(try migrator.runAll().count == 1)
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
    }
}
