import Foundation
import Testing

@testable import Strata

/// `deleteAllData()`, `processPendingChanges()` and the notice for CloudKit and app groups (Swift 6 mode).
@Suite struct ContainerHelperTests {
    @Test func deleteAllDataEmptiesEveryTableAndKeepsTheStoreUsable() throws {
        let directory = TemporaryDirectory()
        let url = directory.store()
        let container = try ModelContainer(for: Library.Book.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let book = Library.Book(title: "Dune", pages: 412, author: Library.Author(name: "Frank Herbert"))
        context.insert(book)
        book.tags = [Library.Tag(label: "sf")]
        try context.save()
        #expect(((try? rowCount("_Book_tags", at: url)) ?? 0) + ((try? rowCount("_Tag_books", at: url)) ?? 0) == 1)

        container.deleteAllData()
        for table in ["Book", "Author", "Tag", "_Book_tags", "_Tag_books"] {
            #expect((try? rowCount(table, at: url)) ?? 0 == 0, "\(table)")
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Library.Book>()) == 0)
        #expect(try StoreInspector(url: url).metadata().fingerprint == container.schema.fingerprint)

        let again = ModelContext(container)
        again.insert(Library.Book(title: "Emma"))
        try again.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Library.Book>()).map(\.title) == ["Emma"])
    }

    @Test func processPendingChangesInsertsWhatNewObjectsReach() throws {
        let directory = TemporaryDirectory()
        let container = try ModelContainer(
            for: Library.Book.self, configurations: ModelConfiguration(url: directory.store()))
        let context = ModelContext(container)
        let author = Library.Author(name: "Jane Austen")
        context.insert(Library.Book(title: "Emma", author: author))
        #expect(context.insertedModelsArray.count == 1)
        context.processPendingChanges()
        #expect(context.insertedModelsArray.count == 2)
        #expect(context.insertedModelsArray.contains { $0 === author })
    }

    @Test func aNamedCloudKitDatabaseOrAppGroupGetsANoticeOncePerStore() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("synced")
        let synced = ModelConfiguration(url: url, cloudKitDatabase: .private("iCloud.com.example.notes"))
        #expect(
            ConfigurationNotice.message(for: synced, store: url.path)
                == "strata: notice: the configuration names the CloudKit database 'iCloud.com.example.notes'; Strata syncs nothing and shares nothing: the store is \(url.path)"
        )
        let grouped = ModelConfiguration(
            "shared", isStoredInMemoryOnly: true, groupContainer: .identifier("group.notes"))
        #expect(
            ConfigurationNotice.message(for: grouped, store: "memory:shared")?.contains("the app group 'group.notes'")
                == true)
        // The defaults sync nothing in SwiftData either without the CloudKit entitlement: no notice.
        #expect(ConfigurationNotice.message(for: ModelConfiguration(url: url), store: url.path) == nil)
        #expect(
            ConfigurationNotice.message(for: ModelConfiguration(url: url, cloudKitDatabase: .none), store: url.path)
                == nil)

        _ = try ModelContainer(for: Library.Book.self, configurations: synced)
        #expect(ConfigurationNotice.tell(synced, store: url.path) == false)
    }
}
