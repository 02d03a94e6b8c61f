import Foundation
import Strata
import Testing

/// Helpers apps call (Swift 5 mode): a "reset all data" button's `deleteAllData()`, `processPendingChanges()`,
/// and the `let id = UUID()` identifier many apps declare.
@Suite struct ContainerHelperPatternTests {
    @Test func resetAllDataLeavesAnEmptyUsableStore() throws {
        let directory = try TemporaryStoreDirectory()
        let container = try ModelContainer(
            for: ClipboardSchema.HistoryItem.self, configurations: ModelConfiguration(url: directory.store("reset")))
        let context = ModelContext(container)
        let item = ClipboardSchema.HistoryItem(title: "hello")
        item.contents.append(ClipboardSchema.HistoryContent(type: "public.html", value: Data("<b>".utf8)))
        context.insert(item)
        try context.save()
        container.deleteAllData()
        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<ClipboardSchema.HistoryItem>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<ClipboardSchema.HistoryContent>()) == 0)
        fresh.insert(ClipboardSchema.HistoryItem(title: "again"))
        try fresh.save()
        #expect(try fresh.fetch(FetchDescriptor<ClipboardSchema.HistoryItem>()).map(\.title) == ["again"])
    }

    @Test func processPendingChangesListsTheObjectsANewObjectReaches() throws {
        let directory = try TemporaryStoreDirectory()
        let container = try ModelContainer(
            for: ClipboardSchema.HistoryItem.self, configurations: ModelConfiguration(url: directory.store("pending")))
        let context = ModelContext(container)
        let item = ClipboardSchema.HistoryItem(title: "hello")
        context.insert(item)
        item.contents.append(ClipboardSchema.HistoryContent(type: "public.utf8-plain-text", value: nil))
        context.processPendingChanges()
        #expect(context.insertedModelsArray.count == 2)
    }

    @Test func aLetIdentifierWithAnInitialValueIsStoredAsInserted() throws {
        let directory = try TemporaryStoreDirectory()
        let container = try ModelContainer(
            for: Genre.self, configurations: ModelConfiguration(url: directory.store("genres")))
        let context = ModelContext(container)
        let drama = Genre(apiID: 18, name: "Drama")
        context.insert(drama)
        try context.save()
        let id = drama.id
        // The row holds the inserted object's value: a predicate on it finds the row.
        let found = try ModelContext(container).fetch(FetchDescriptor<Genre>(predicate: #Predicate { $0.id == id }))
        #expect(found.map(\.apiID) == [18])
        #expect(container.schema.entitiesByName["Genre"]?.attribute(named: "id")?.isUnique == true)
        #expect(container.schema.entitiesByName["Genre"]?.attribute(named: "createdAt")?.valueType == .date)
    }
}
