import Foundation
import Observation
import Strata
import Testing

/// `@Model` objects are `Observable`: reading a persisted property registers access, and a change notifies
/// only the observers of that property, for inserted and fetched objects, relationships, rollbacks and fetches.
@Suite struct ObservableModelTests {
    let directory = TemporaryDirectory()

    /// Counts the calls of `onChange` for the properties `read` reads (one tracking round).
    final class Changes: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func record() { lock.withLock { value += 1 } }
    }

    func track(_ read: () -> Void) -> Changes {
        let changes = Changes()
        withObservationTracking(read) { changes.record() }
        return changes
    }

    func savedNotebook(_ context: ModelContext) throws -> Journal.Notebook {
        let notebook = Journal.Notebook(name: "Ideas")
        notebook.entries.append(Journal.Entry(text: "first"))
        context.insert(notebook)
        try context.save()
        return notebook
    }

    @Test func aChangeNotifiesOnlyTheObserversOfThatProperty() throws {
        let context = ModelContext(try openContainer(Journal.Notebook.self, at: directory.store()))
        let inserted = Journal.Notebook(name: "Draft")
        context.insert(inserted)
        let nameChanges = track { _ = inserted.name }
        let dateChanges = track { _ = inserted.createdAt }
        inserted.name = "Renamed"
        #expect(nameChanges.count == 1)
        #expect(dateChanges.count == 0)
        try context.save()

        let fetched = try #require(try ModelContext(context.container).fetch(FetchDescriptor<Journal.Notebook>()).first)
        let fetchedName = track { _ = fetched.name }
        let fetchedDate = track { _ = fetched.createdAt }
        fetched.createdAt = .distantPast
        #expect(fetchedName.count == 0)
        #expect(fetchedDate.count == 1)
    }

    /// Each object has observers of its own: a change of one fetched object's property is not heard by those
    /// reading the same property of another, read before or not.
    @Test func aChangeNotifiesOnlyTheObserversOfThatObject() throws {
        let context = ModelContext(try openContainer(Journal.Notebook.self, at: directory.store()))
        for name in ["First", "Second", "Third"] { context.insert(Journal.Notebook(name: name)) }
        try context.save()
        let fetched = try ModelContext(context.container).fetch(
            FetchDescriptor<Journal.Notebook>(sortBy: [SortDescriptor(\.name)]))
        let (first, second, third) = (fetched[0], fetched[1], fetched[2])
        #expect(second.name == "Second")
        let firstNames = track { _ = first.name }
        second.name = "Second, renamed"
        third.name = "Third, renamed"
        #expect(firstNames.count == 0)
        first.name = "First, renamed"
        #expect(firstNames.count == 1)
    }

    @Test func relationshipChangesNotifyBothSides() throws {
        let context = ModelContext(try openContainer(Journal.Notebook.self, at: directory.store()))
        let notebook = try savedNotebook(context)
        let entries = track { _ = notebook.entries }
        let entry = Journal.Entry(text: "second")
        let entryNotebook = track { _ = entry.notebook }
        entry.notebook = notebook
        #expect(entries.count == 1)
        #expect(entryNotebook.count == 1)
        #expect(notebook.entries.map(\.text).sorted() == ["first", "second"])
        try context.save()
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<Journal.Entry>()) == 2)
    }

    @Test func rollbackNotifiesTheRestoredProperties() throws {
        let context = ModelContext(try openContainer(Journal.Notebook.self, at: directory.store()))
        let notebook = try savedNotebook(context)
        notebook.name = "Unsaved"
        let name = track { _ = notebook.name }
        context.rollback()
        #expect(name.count == 1)
        #expect(notebook.name == "Ideas")
    }

    @Test func aFetchBringingBackAnotherContextsSaveNotifies() throws {
        let url = directory.store()
        let container = try openContainer(Journal.Notebook.self, at: url)
        let reader = ModelContext(container)
        let notebook = try savedNotebook(reader)
        let name = track { _ = notebook.name }
        let writer = ModelContext(container)
        try #require(try writer.fetch(FetchDescriptor<Journal.Notebook>()).first).name = "Elsewhere"
        try writer.save()
        _ = try reader.fetch(FetchDescriptor<Journal.Notebook>())
        #expect(name.count == 1)
        #expect(notebook.name == "Elsewhere")
    }
}
