import Foundation
import Testing

@testable import Strata

/// A context hands out one object per row while someone holds it, releases the objects nobody holds (it does not
/// retain them), and never hands out an object that was freed.
@Suite struct RegistryTests {
    let directory = TemporaryDirectory()

    @Test func aHeldObjectIsHandedOutAgainAndAReleasedOneIsReadAfresh() throws {
        let context = ModelContext(try openContainer(Uniques.Account.self, at: directory.store()))
        context.insert(Uniques.Account(email: "a@x.org", name: "First"))
        try context.save()
        let held = try #require(try context.fetch(FetchDescriptor<Uniques.Account>()).first)
        #expect(try context.fetch(FetchDescriptor<Uniques.Account>()).first === held)
        weak var released: Uniques.Account?
        do {
            let other = ModelContext(context.container)
            let object = try #require(try other.fetch(FetchDescriptor<Uniques.Account>()).first)
            released = object
            #expect((other.registeredModel(for: object.persistentModelID) as Uniques.Account?) === object)
            try other.enumerate(FetchDescriptor<Uniques.Account>()) { #expect($0 === object) }
        }
        #expect(released == nil, "the context does not keep an object nobody holds")
        // Reading the row again builds a new object with the stored values.
        let again = try #require(try context.fetch(FetchDescriptor<Uniques.Account>()).first)
        #expect(again.name == "First")
    }

    @Test func freeingAnObjectTheUpsertReplacedKeepsTheNewOne() throws {
        let context = ModelContext(try openContainer(Uniques.Account.self, at: directory.store()))
        context.insert(Uniques.Account(email: "a@x.org", name: "First"))
        try context.save()
        let second = Uniques.Account(email: "a@x.org", name: "Second")
        do {
            // The first object leaves scope after the upsert registered `second` for its row.
            let first = try #require(try context.fetch(FetchDescriptor<Uniques.Account>()).first)
            context.insert(second)
            try context.save()
            #expect(first.name == "Second")
        }
        #expect((context.registeredModel(for: second.persistentModelID) as Uniques.Account?) === second)
        #expect(try context.fetch(FetchDescriptor<Uniques.Account>()).first === second)
    }

    @Test func deletedAndSavedObjectsLeaveTheRegistry() throws {
        let context = ModelContext(try openContainer(Uniques.Account.self, at: directory.store()))
        let account = Uniques.Account(email: "a@x.org", name: "First")
        context.insert(account)
        try context.save()
        let id = account.persistentModelID
        context.delete(account)
        try context.save()
        #expect(context.registeredModel(for: id) as Uniques.Account? == nil)
        #expect(try context.fetch(FetchDescriptor<Uniques.Account>()).isEmpty)
    }
}
