import Foundation
import Strata
import Testing

/// `@ModelActor`: actors with their own contexts on one store, objects passed by identifier.
@Suite struct ModelActorTests {
    let directory = TemporaryDirectory()

    @Test func severalActorsWritingAtOnceLoseNothing() async throws {
        let url = directory.store()
        let container = try openContainer(Journal.Notebook.self, at: url)
        let ids = try await withThrowingTaskGroup(of: PersistentIdentifier.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    try await JournalImporter(modelContainer: container).importNotebook(
                        named: "writer\(writer)", entries: 150)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(ids).count == 4)
        #expect(try rowCount("Entry", at: url) == 600)
        let context = ModelContext(try openContainer(Journal.Notebook.self, at: url))
        let notebooks = try context.fetch(FetchDescriptor<Journal.Notebook>(sortBy: [SortDescriptor(\.name)]))
        #expect(notebooks.map(\.name) == ["writer0", "writer1", "writer2", "writer3"])
        #expect(notebooks.map(\.entries.count) == [150, 150, 150, 150])
        #expect(
            notebooks.allSatisfy { notebook in notebook.entries.allSatisfy { $0.text.hasPrefix(notebook.name + " ") } })
    }

    @Test func anActorSeesAnotherActorsSaveOnItsNextFetch() async throws {
        let container = try openContainer(Journal.Notebook.self, at: directory.store())
        let writer = JournalImporter(modelContainer: container)
        let reader = JournalImporter(modelContainer: container)
        let id = try await writer.importNotebook(named: "Shared", entries: 3)
        #expect(await reader.name(of: id) == "Shared")
        try await writer.rename(id, to: "Renamed")
        #expect(try await reader.notebookNames() == ["Renamed"])
        #expect(await reader.name(of: id) == "Renamed")
        #expect(try await reader.entryCount() == 3)
    }

    @Test func theSubscriptIsNilForAnotherTypeOrAMissingRow() async throws {
        let container = try openContainer(Journal.Notebook.self, at: directory.store())
        let importer = JournalImporter(modelContainer: container)
        let id = try await importer.importNotebook(named: "Only", entries: 1)
        #expect(await importer.name(of: id) == "Only")
        let context = ModelContext(container)
        try context.delete(model: Journal.Notebook.self)
        try context.save()
        #expect(await JournalImporter(modelContainer: container).name(of: id) == nil)
    }
}
