import Foundation
import Testing

@testable import Strata

/// Objects refer to a context that keeps them without keeping it (an inserted, changed or deleted object), and
/// outlive it: freed, the context takes itself out of each, which then reads its values in no context. An object
/// inserted and deleted before a save refers to its context while it lives.
@Suite struct ContextLifetimeTests {
    let directory = TemporaryDirectory()

    @Test func objectsTheContextKeptOutliveItInNoContext() throws {
        let container = try openContainer(Uniques.Account.self, at: directory.store())
        let seed = ModelContext(container)
        seed.insert(Uniques.Account(email: "saved@x.org", name: "Saved"))
        seed.insert(Uniques.Account(email: "gone@x.org", name: "Gone"))
        try seed.save()
        let inserted = Uniques.Account(email: "new@x.org", name: "New")
        let changed: Uniques.Account
        let deleted: Uniques.Account
        weak var freed: ModelContext?
        do {
            let context = ModelContext(container)
            freed = context
            let byEmail = FetchDescriptor<Uniques.Account>(sortBy: [SortDescriptor(\.email)])
            let accounts = try context.fetch(byEmail)
            (deleted, changed) = (accounts[0], accounts[1])
            context.insert(inserted)
            changed.name = "Renamed"
            context.delete(deleted)
            #expect(inserted.modelContext === context)
            #expect(changed.modelContext === context)
            #expect(deleted.modelContext === context)
        }
        #expect(freed == nil, "the objects it kept did not keep it")
        for account in [inserted, changed, deleted] { #expect(account.modelContext == nil) }
        #expect([inserted.name, changed.name, deleted.name] == ["New", "Renamed", "Gone"])
        // Nothing was saved; another context takes the new object in and saves it.
        let next = ModelContext(container)
        next.insert(inserted)
        try next.save()
        let names = try ModelContext(container).fetch(FetchDescriptor<Uniques.Account>()).map(\.name).sorted()
        #expect(names == ["Gone", "New", "Saved"])
        #expect(inserted.modelContext === next)
        #expect(changed.modelContext == nil)
    }

    @Test func anObjectInsertedAndDeletedBeforeASaveRefersToItsContextWhileItLives() throws {
        let container = try openContainer(Uniques.Account.self, at: directory.store())
        let draft = Uniques.Account(email: "draft@x.org", name: "Draft")
        weak var freed: ModelContext?
        do {
            let context = ModelContext(container)
            freed = context
            context.insert(draft)
            context.delete(draft)
            #expect(draft.isDeleted)
            #expect(draft.modelContext === context)
            #expect(!context.hasChanges)
        }
        #expect(freed == nil)
        #expect(draft.modelContext == nil)
        #expect(draft.name == "Draft")
    }
}
