import Foundation
import Strata
import Testing

/// The main context saves what an app inserts and changes by itself, after the current turn of the main run
/// loop; a failing autosave is reported, never swallowed.
@Suite struct AutosaveTests {
    let directory = TemporaryDirectory()

    /// Lets the main queue run the autosave scheduled by the changes made so far.
    @MainActor func nextTurnOfTheMainRunLoop() async throws {
        try await Task.sleep(for: .milliseconds(50))
    }

    @MainActor @Test func theMainContextSavesInsertsAndChangesByItself() async throws {
        let url = directory.store()
        let container = try openContainer(Journal.Notebook.self, at: url)
        let context = container.mainContext
        #expect(context.autosaveEnabled)
        let notebook = Journal.Notebook(name: "Groceries")
        context.insert(notebook)
        context.insert(Journal.Notebook(name: "Books"))
        #expect(try rowCount("Notebook", at: url) == 0)
        try await nextTurnOfTheMainRunLoop()
        #expect(try rowCount("Notebook", at: url) == 2)
        #expect(!context.hasChanges)

        notebook.name = "Errands"
        try await nextTurnOfTheMainRunLoop()
        let names = try ModelContext(container).fetch(
            FetchDescriptor<Journal.Notebook>(sortBy: [SortDescriptor(\.name)])
        ).map(\.name)
        #expect(names == ["Books", "Errands"])
    }

    @MainActor @Test func autosaveCanBeSwitchedOff() async throws {
        let url = directory.store()
        let context = try openContainer(Journal.Notebook.self, at: url).mainContext
        context.autosaveEnabled = false
        context.insert(Journal.Notebook(name: "Kept in memory"))
        try await nextTurnOfTheMainRunLoop()
        #expect(try rowCount("Notebook", at: url) == 0)
        #expect(context.hasChanges)
    }

    @Test func contextsCreatedOffTheMainActorDoNotAutosave() async throws {
        let container = try openContainer(Journal.Notebook.self, at: directory.store())
        #expect(!ModelContext(container).autosaveEnabled)
        #expect(await MainActor.run { ModelContext(container).autosaveEnabled })
    }

    @MainActor @Test func aFailingAutosaveIsReportedAndKeepsTheChanges() async throws {
        let url = directory.store()
        _ = try openContainer(Journal.Notebook.self, at: url)
        let context = try openContainer(Journal.Notebook.self, at: url, allowsSave: false).mainContext
        let failures = NotificationCounter(ModelContext.autosaveFailed, object: context)
        context.insert(Journal.Notebook(name: "Nowhere to go"))
        try await nextTurnOfTheMainRunLoop()
        #expect(failures.errors.count == 1)
        #expect(failures.errors.first.map { "\($0)".contains("allowsSave: false") } == true)
        #expect(context.hasChanges)
        #expect(try rowCount("Notebook", at: url) == 0)
    }
}
