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

    @Test func rowsOfTwoEntitiesWithTheSameKeysStayApartWhileFetchedAndFreedInTurn() throws {
        let context = ModelContext(try openContainer(Uniques.Account.self, Uniques.Device.self, at: directory.store()))
        for index in 0..<3 {
            context.insert(Uniques.Account(email: "\(index)@x.org", name: "Account \(index)"))
            context.insert(Uniques.Device(serial: UUID(), label: "Device \(index)"))
        }
        try context.save()
        let byEmail = SortDescriptor(\Uniques.Account.email)
        let accounts = try context.fetch(FetchDescriptor<Uniques.Account>(sortBy: [byEmail]))
        let devices = try context.fetch(FetchDescriptor<Uniques.Device>(sortBy: [SortDescriptor(\.label)]))
        // Both tables have rows 1 to 3: each entity's objects are its own.
        #expect(accounts.map(\.name) == ["Account 0", "Account 1", "Account 2"])
        #expect(devices.map(\.label) == ["Device 0", "Device 1", "Device 2"])
        weak var freedDevice: Uniques.Device?
        do {
            let other = ModelContext(context.container)
            let device = try #require(try other.fetch(FetchDescriptor<Uniques.Device>()).first)
            freedDevice = device
            let account = try #require(try other.fetch(FetchDescriptor<Uniques.Account>()).first)
            #expect(other.registeredModel(for: device.persistentModelID) as Uniques.Device? === device)
            #expect(other.registeredModel(for: account.persistentModelID) as Uniques.Account? === account)
        }
        #expect(freedDevice == nil)
        // Freeing the other context's objects took nothing out of this context's tables.
        #expect(try context.fetch(FetchDescriptor<Uniques.Account>(sortBy: [byEmail])).elementsEqual(accounts, by: ===))
        #expect(
            try context.fetch(FetchDescriptor<Uniques.Device>(sortBy: [SortDescriptor(\.label)])).elementsEqual(
                devices, by: ===))
        for account in accounts {
            #expect(context.registeredModel(for: account.persistentModelID) as Uniques.Account? === account)
        }
    }

    @Test func anObjectKeepsTheContextNobodyElseHoldsAndFreeingItFreesThatContextAlone() throws {
        let context = ModelContext(try openContainer(Uniques.Account.self, at: directory.store()))
        context.insert(Uniques.Account(email: "a@x.org", name: "First"))
        context.insert(Uniques.Account(email: "b@x.org", name: "Second"))
        try context.save()
        let byEmail = FetchDescriptor<Uniques.Account>(sortBy: [SortDescriptor(\.email)])
        let held = try context.fetch(byEmail)
        weak var freedContext: ModelContext?
        weak var freedAccount: Uniques.Account?
        do {
            // A detail screen fetches through a context it does not keep: the object keeps that context.
            let account = try #require(try ModelContext(context.container).fetch(byEmail).last)
            freedContext = account.modelContext
            freedAccount = account
            #expect(freedContext != nil)
            #expect(account.name == "Second")
            #expect(freedContext?.registeredModel(for: account.persistentModelID) as Uniques.Account? === account)
        }
        #expect(freedAccount == nil)
        #expect(freedContext == nil, "freeing the last object freed the context it kept")
        // Freeing them took the rows out of that context's table only: this context still hands out its objects.
        #expect(try context.fetch(byEmail).elementsEqual(held, by: ===))
        for account in held {
            #expect(context.registeredModel(for: account.persistentModelID) as Uniques.Account? === account)
        }
        // A change makes the context keep the object, which then refers to it weakly: nobody else holding that
        // context, it goes with its unsaved change, and the object outlives it, readable, in no context.
        weak var changedContext: ModelContext?
        let renamed = try #require(try ModelContext(context.container).fetch(byEmail).first)
        changedContext = renamed.modelContext
        renamed.name = "Renamed"
        #expect(changedContext == nil)
        #expect(renamed.modelContext == nil)
        #expect(renamed.name == "Renamed")
        #expect(try context.fetch(byEmail).map(\.name) == ["First", "Second"])
    }

    @Test func anObjectChangedInAFreedContextIsSavedByTheNextContextThatTakesItIn() throws {
        let container = try openContainer(Uniques.Account.self, at: directory.store())
        let context = ModelContext(container)
        context.insert(Uniques.Account(email: "a@x.org", name: "First"))
        try context.save()
        let orphan = try #require(try ModelContext(container).fetch(FetchDescriptor<Uniques.Account>()).first)
        orphan.name = "Renamed"
        #expect(orphan.modelContext == nil, "the changed object's context was freed with its change")
        // Deleting it, then taking the delete back, enters its change in the next context's changed set.
        let next = ModelContext(container)
        next.delete(orphan)
        #expect(next.changedModelsArray.isEmpty)
        next.insert(orphan)
        #expect(next.changedModelsArray.count == 1)
        #expect(next.deletedModelsArray.isEmpty)
        try next.save()
        #expect(!next.hasChanges)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Uniques.Account>()).map(\.name) == ["Renamed"])
    }

    @Test func batchesSavedOneAfterAnotherThenARolledBackBatchLeaveTheLastSavedValues() throws {
        let context = ModelContext(try openContainer(Uniques.Account.self, at: directory.store()))
        for index in 0..<25 { context.insert(Uniques.Account(email: "\(index)@x.org", name: "n")) }
        try context.save()
        var count = 0
        try context.enumerate(FetchDescriptor<Uniques.Account>(), batchSize: 7) { account in
            account.visits += 1
            count += 1
            if count % 10 == 0 { try context.save() }
        }
        // The last five changes are pending: a rollback restores them from the undo log, the saved ones stay.
        #expect(context.changedModelsArray.count == 5)
        context.rollback()
        #expect(!context.hasChanges)
        let visits = try ModelContext(context.container).fetch(FetchDescriptor<Uniques.Account>()).map(\.visits)
        #expect(visits.filter { $0 == 1 }.count == 20)
        #expect(visits.filter { $0 == 0 }.count == 5)
        #expect(try context.fetch(FetchDescriptor<Uniques.Account>()).map(\.visits).sorted() == visits.sorted())
    }
}
