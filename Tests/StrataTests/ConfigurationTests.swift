import Foundation
import Testing

@testable import Strata

/// Where stores live, in-memory sharing by name, and read-only configurations.
@Suite struct ConfigurationTests {
    let directory = TemporaryDirectory()

    @Test func namedInMemoryStoreIsSharedWhileOpen() throws {
        let name = "shared-\(UUID().uuidString)"
        let configuration = ModelConfiguration(name, isStoredInMemoryOnly: true)
        let first = try ModelContainer(for: Catalog.Item.self, configurations: configuration)
        let second = try ModelContainer(
            for: Catalog.Item.self, configurations: ModelConfiguration(name, isStoredInMemoryOnly: true))
        let writer = ModelContext(first)
        writer.insert(Catalog.Item(title: "Shared", pages: 1, published: Catalog.date(2000)))
        try writer.save()
        let read = try ModelContext(second).fetch(FetchDescriptor<Catalog.Item>())
        #expect(read.map(\.title) == ["Shared"])
        #expect(first.configurations.first?.url == second.configurations.first?.url)
        #expect(FileManager.default.fileExists(atPath: name) == false)
    }

    @Test func unnamedInMemoryStoresAreNotShared() throws {
        let first = try ModelContainer(
            for: Catalog.Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let second = try ModelContainer(
            for: Catalog.Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let writer = ModelContext(first)
        writer.insert(Catalog.Item(title: "Private", pages: 1, published: Catalog.date(2000)))
        try writer.save()
        #expect(try ModelContext(second).fetchCount(FetchDescriptor<Catalog.Item>()) == 0)
        #expect(try ModelContext(first).fetchCount(FetchDescriptor<Catalog.Item>()) == 1)
    }

    @Test func namedInMemoryStoreIsGoneOnceClosed() throws {
        let name = "closed-\(UUID().uuidString)"
        do {
            let container = try ModelContainer(
                for: Catalog.Item.self, configurations: ModelConfiguration(name, isStoredInMemoryOnly: true))
            let context = ModelContext(container)
            context.insert(Catalog.Item(title: "Gone", pages: 1, published: Catalog.date(2000)))
            try context.save()
        }
        let container = try ModelContainer(
            for: Catalog.Item.self, configurations: ModelConfiguration(name, isStoredInMemoryOnly: true))
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Catalog.Item>()) == 0)
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(
            ModelConfiguration.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
                == "/data/strata")
        #expect(
            ModelConfiguration.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/strata")
        #expect(
            ModelConfiguration.defaultDirectory(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.local/share/strata")
        // The XDG spec ignores relative paths.
        #expect(
            ModelConfiguration.defaultDirectory(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"]).path
                == "/home/u/.local/share/strata")
    }

    @Test func containerWithoutURLUsesXDGDataHome() throws {
        let previous = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
        setenv("XDG_DATA_HOME", directory.url.path, 1)
        defer {
            if let previous { setenv("XDG_DATA_HOME", previous, 1) } else { unsetenv("XDG_DATA_HOME") }
        }
        let named = ModelConfiguration("library")
        let unnamed = ModelConfiguration()
        #expect(named.url.path == directory.url.appendingPathComponent("strata/library.store").path)
        #expect(unnamed.url.path == directory.url.appendingPathComponent("strata/default.store").path)
        #expect(unnamed.name == "default")
        do {
            let container = try ModelContainer(for: Catalog.Item.self, configurations: named)
            let context = ModelContext(container)
            context.insert(Catalog.Item(title: "On disk", pages: 1, published: Catalog.date(2000)))
            try context.save()
        }
        #expect(FileManager.default.fileExists(atPath: named.url.path))
        #expect(try rowCount("Item", at: named.url) == 1)
        let container = try ModelContainer(for: Catalog.Item.self)
        #expect(container.configurations.first?.url.path == unnamed.url.path)
        #expect(FileManager.default.fileExists(atPath: unnamed.url.path))
    }

    @Test func urlConfigurationNamesItselfAfterTheFile() {
        let url = directory.store("books")
        let configuration = ModelConfiguration(url: url)
        #expect(configuration.name == "books")
        #expect(configuration.url == url)
        #expect(configuration.isStoredInMemoryOnly == false)
    }

    @Test func allowsSaveFalseRefusesSave() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
            context.insert(Catalog.Item(title: "Before", pages: 1, published: Catalog.date(2000)))
            try context.save()
        }
        let context = ModelContext(try openContainer(Catalog.Item.self, at: url, allowsSave: false))
        let items = try context.fetch(FetchDescriptor<Catalog.Item>())
        #expect(items.map(\.title) == ["Before"])
        items[0].title = "After"
        let error = try #require(throws: StrataError.self) { try context.save() }
        guard case .readOnly(let store) = error else {
            Issue.record("expected readOnly, got \(error)")
            return
        }
        #expect(store == url.path)
        context.rollback()
        #expect(items[0].title == "Before")
        #expect(
            try ModelContext(try openContainer(Catalog.Item.self, at: url)).fetch(FetchDescriptor<Catalog.Item>()).map(
                \.title) == ["Before"])
    }
}
