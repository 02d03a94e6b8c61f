import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Testing

/// Imports of every real store into new Strata stores, read back with StoreInspector.
@Suite
struct AppleStoreImportTests {
    @Test(arguments: Fixtures.stores)
    func importRoundTrip(_ path: String) throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url(path)
        let before = Fixtures.digest(url)
        let destination = fixtures.directory.appendingPathComponent("imported.store")
        let report = try AppleStoreImport.run(from: url, to: destination)
        #expect(Fixtures.digest(url) == before)
        let apple = try AppleStore(url: url)
        let inspector = StoreInspector(url: destination)
        #expect(try StoreFormat.detect(at: destination) == .strata)
        let counts = try inspector.rowCounts()
        for (entity, rows) in counts {
            #expect(rows == (try apple.rowCount(of: entity, includingSubentities: false)), "\(path) \(entity)")
        }
        #expect(counts.map(\.entity).sorted() == apple.entityNames)
        #expect(
            report.rows.map(\.rows) == report.rows.map { entity, _ in counts.first { $0.entity == entity }?.rows ?? -1 }
        )
        #expect(try inspector.metadata().schema.fingerprint == report.schema.fingerprint)
        #expect(Fixtures.digest(url) == before)
        // A second import to the same destination is refused and leaves it alone.
        let written = Fixtures.digest(destination)
        #expect(throws: AppleStoreError.self) { try AppleStoreImport.run(from: url, to: destination) }
        #expect(Fixtures.digest(destination) == written)
    }

    @Test func importedValuesAndRelationships() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let destination = fixtures.directory.appendingPathComponent("resources.store")
        let report = try AppleStoreImport.run(
            from: fixtures.url("swiftdata-resourcesmanager/default.store"), to: destination)
        #expect(report.schema.version == Schema.Version(1, 0, 0))
        #expect(report.notes.isEmpty)
        let inspector = StoreInspector(url: destination)
        #expect(try inspector.version() == Schema.Version(1, 0, 0))
        let items = try inspector.rows(entity: "Item", limit: 100)
        let axe = try #require(items.rows.first { $0[0] == .integer(1) })
        #expect(axe[items.columns.firstIndex(of: "name") ?? 0] == .text("Stone Axe"))
        #expect(axe[items.columns.firstIndex(of: "craftingRecipe") ?? 0] == .integer(1))
        let components = try inspector.rows(entity: "Component", limit: 100)
        let component = try #require(components.rows.first { $0[0] == .integer(3) })
        #expect(
            component[components.columns.firstIndex(of: "id") ?? 0]
                == .uuid(try #require(UUID(uuidString: "7C1EA5A6-0D9B-4B74-A530-13251F4943D8"))))
        #expect(component[components.columns.firstIndex(of: "item") ?? 0] == .integer(8))

        let cart = fixtures.directory.appendingPathComponent("cart.store")
        try AppleStoreImport.run(from: fixtures.url("coredata-cartkit/CartStorage_v1.sqlite"), to: cart)
        let cartItems = try StoreInspector(url: cart).rows(entity: "CDCartItem")
        let row = try #require(cartItems.rows.first)
        #expect(row[cartItems.columns.firstIndex(of: "totalPriceAmount") ?? 0] == .text("10"))
        #expect(row[cartItems.columns.firstIndex(of: "cart") ?? 0] == .integer(1))
        let carts = try StoreInspector(url: cart).rows(entity: "CDCart")
        #expect(
            carts.rows.first?[carts.columns.firstIndex(of: "createdAt") ?? 0]
                == .date(Date(timeIntervalSinceReferenceDate: 791474371.290433)))

        let todo = fixtures.directory.appendingPathComponent("todo.store")
        try AppleStoreImport.run(from: fixtures.url("coredata-easylife/EasyLife.sqlite"), to: todo)
        let todos = try StoreInspector(url: todo).rows(entity: "TodoItem", limit: 1)
        #expect(todos.total == 158)
        #expect(todos.rows.first?[todos.columns.firstIndex(of: "done") ?? 0] == .bool(true))
        #expect(todos.rows.first?[todos.columns.firstIndex(of: "name") ?? 0] == .text("read through hmrc stuff"))
    }

    @Test func recordingAsAPlanVersionThenDryRunning() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let source = fixtures.url("swiftdata-freezeray/App-1_0_0.sqlite")
        let plan = try ValidatedPlan(FreezeRayPlan.self)
        let v1 = try #require(plan.schema(Schema.Version(1, 0, 0)))
        let v2 = try #require(plan.schema(Schema.Version(2, 0, 0)))
        let wrong = fixtures.directory.appendingPathComponent("wrong.store")
        do {
            try AppleStoreImport.run(from: source, to: wrong, recordingAs: v2)
            Issue.record("a 1.0.0 store was recorded as 2.0.0")
        } catch let error as AppleStoreError {
            #expect(error.description.contains("email"))
        }
        #expect(!FileManager.default.fileExists(atPath: wrong.path))
        let destination = fixtures.directory.appendingPathComponent("users.store")
        let report = try AppleStoreImport.run(from: source, to: destination, recordingAs: v1)
        #expect(report.schema.fingerprint == v1.fingerprint)
        #expect(try StoreInspector(url: destination).version() == Schema.Version(1, 0, 0))
        let before = Fixtures.digest(destination)
        let dryRun = try Migrator.dryRun(store: destination, plan: FreezeRayPlan.self)
        #expect(dryRun.succeeded)
        #expect(dryRun.storeVersion == Schema.Version(1, 0, 0) && dryRun.targetVersion == Schema.Version(3, 0, 0))
        #expect(Fixtures.digest(destination) == before)
    }
}
