import Foundation
import Strata
import Testing

/// Untyped stored properties take their type from the initial value; `let` properties are persisted as the
/// initialiser set them (Swift 5 mode, as the apps were written).
@Suite struct UntypedAndLetPropertyTests {
    @Test func untypedAndLetPropertiesRoundTripThroughAStoreFile() throws {
        let directory = try TemporaryStoreDirectory()
        let configuration = ModelConfiguration(url: directory.store("clipboard"))
        let id = UUID()
        let created = Date(timeIntervalSinceReferenceDate: 700_000_000)
        do {
            let container = try ModelContainer(for: ClipboardSchema.HistoryItem.self, configurations: configuration)
            let context = ModelContext(container)
            let item = ClipboardSchema.HistoryItem(id: id, title: "hello")
            item.createdAt = created
            item.numberOfCopies = 3
            item.contents.append(ClipboardSchema.HistoryContent(type: "public.html", value: Data("<b>".utf8)))
            context.insert(item)
            try context.save()
        }
        let container = try ModelContainer(for: ClipboardSchema.HistoryItem.self, configurations: configuration)
        let items = try ModelContext(container).fetch(FetchDescriptor<ClipboardSchema.HistoryItem>())
        #expect(items.count == 1)
        #expect(items.first?.id == id)
        #expect(items.first?.title == "hello")
        #expect(items.first?.createdAt == created)
        #expect(items.first?.numberOfCopies == 3)
        #expect(items.first?.pin == nil)
        #expect(items.first?.contents.map(\.type) == ["public.html"])
        #expect(items.first?.contents.first?.value == Data("<b>".utf8))
        let entity = try #require(container.schema.entities.first { $0.name == "HistoryItem" })
        #expect(entity.attributes.map(\.name) == ["id", "title", "createdAt", "numberOfCopies", "pin", "application"])
        #expect(entity.attributes.first { $0.name == "numberOfCopies" }?.valueType == .int)
    }

    @Test func aLetUniqueIdentifierUpsertsAndFetchesByValue() throws {
        let directory = try TemporaryStoreDirectory()
        let container = try ModelContainer(
            for: ClipboardSchema.HistoryItem.self, configurations: ModelConfiguration(url: directory.store("upsert")))
        let context = ModelContext(container)
        let id = UUID()
        context.insert(ClipboardSchema.HistoryItem(id: id, title: "first"))
        try context.save()
        context.insert(ClipboardSchema.HistoryItem(id: id, title: "second"))
        try context.save()
        let found = try context.fetch(
            FetchDescriptor<ClipboardSchema.HistoryItem>(predicate: #Predicate { $0.id == id }))
        #expect(found.map(\.title) == ["second"])
        #expect(try context.fetchCount(FetchDescriptor<ClipboardSchema.HistoryItem>()) == 1)
    }
}
