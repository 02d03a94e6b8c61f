import Foundation
import Strata
import Testing

/// `ModelContext.willSave` and `didSave` on the default notification center, with the context as object and
/// the saved identifiers in the user info.
@Suite struct SaveNotificationTests {
    let directory = TemporaryDirectory()

    @Test func didSaveListsInsertedUpdatedAndDeletedIdentifiers() throws {
        let context = ModelContext(try openContainer(Journal.Notebook.self, at: directory.store()))
        let willSave = NotificationCounter(ModelContext.willSave, object: context)
        let didSave = NotificationCounter(ModelContext.didSave, object: context)
        let kept = Journal.Notebook(name: "Kept")
        let dropped = Journal.Notebook(name: "Dropped")
        context.insert(kept)
        context.insert(dropped)
        try context.save()
        #expect(willSave.notifications.count == 1)
        #expect(
            didSave.identifiers(.insertedIdentifiers).first.map(Set.init) == [
                kept.persistentModelID, dropped.persistentModelID,
            ])
        #expect(didSave.identifiers(.insertedIdentifiers).first?.allSatisfy { !$0.isTemporary } == true)

        let droppedID = dropped.persistentModelID
        kept.name = "Renamed"
        context.delete(dropped)
        try context.save()
        #expect(didSave.notifications.count == 2)
        #expect(didSave.identifiers(.insertedIdentifiers).last == [])
        #expect(didSave.identifiers(.updatedIdentifiers).last == [kept.persistentModelID])
        #expect(didSave.identifiers(.deletedIdentifiers).last == [droppedID])
        #expect(didSave.notifications.allSatisfy { $0.object as? ModelContext === context })
    }

    @Test func aSaveWithNothingToSaveOrAFailedSavePostsNoDidSave() throws {
        let url = directory.store()
        _ = try openContainer(Journal.Notebook.self, at: url)
        let context = ModelContext(try openContainer(Journal.Notebook.self, at: url, allowsSave: false))
        let didSave = NotificationCounter(ModelContext.didSave, object: context)
        try context.save()
        context.insert(Journal.Notebook(name: "Read-only"))
        #expect(throws: StrataError.self) { try context.save() }
        #expect(didSave.notifications.isEmpty)
    }
}
