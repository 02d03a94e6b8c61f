import Foundation
import Strata
import Testing

/// A canvas app's element, with the "Duplicate" button public apps write as
/// `Element(backingData: element.persistentBackingData)`.
@Model final class CanvasElement {
    @Attribute(.unique) var id: UUID
    var title: String
    var x: Double

    init(title: String, x: Double) {
        id = UUID()
        self.title = title
        self.x = x
    }
}

/// Two objects over one storage (a model made from another's `persistentBackingData`): both read and write the same
/// values, and the context never hands out the first after it is freed (it stopped the process before).
@Suite struct SharedStorageTests {
    let directory = TemporaryDirectory()

    private func context() throws -> ModelContext {
        ModelContext(
            try ModelContainer(for: CanvasElement.self, configurations: ModelConfiguration(url: directory.store())))
    }

    @Test func theDuplicateButtonOutlivesTheElementItWasMadeFrom() throws {
        let context = try context()
        context.insert(CanvasElement(title: "Sticky note", x: 10))
        try context.save()
        var duplicate: CanvasElement?
        do {
            let element = try #require(try context.fetch(FetchDescriptor<CanvasElement>()).first)
            duplicate = CanvasElement(backingData: element.persistentBackingData)
            context.insert(try #require(duplicate))
            try context.save()
            #expect(duplicate?.title == "Sticky note")
        }
        // The element is freed; its storage lives on in the duplicate. The row is one row, read afresh.
        let fetched = try context.fetch(FetchDescriptor<CanvasElement>())
        #expect(fetched.map(\.title) == ["Sticky note"])
        let again = try #require(fetched.first)
        again.x = 42
        #expect(duplicate?.x == 42)
        try context.save()
        let other = try ModelContext(context.container).fetch(FetchDescriptor<CanvasElement>())
        #expect(other.map(\.x) == [42])
        #expect(try context.fetchCount(FetchDescriptor<CanvasElement>()) == 1)
    }

    @Test func storageKeptAfterItsObjectIsFreedMakesANewObject() throws {
        let context = try context()
        context.insert(CanvasElement(title: "Arrow", x: 1))
        try context.save()
        var storage: BackingData?
        do { storage = try #require(try context.fetch(FetchDescriptor<CanvasElement>()).first).persistentBackingData }
        let revived = CanvasElement(backingData: try #require(storage))
        #expect(revived.title == "Arrow")
        let fetched = try #require(try context.fetch(FetchDescriptor<CanvasElement>()).first)
        #expect(fetched.persistentModelID == revived.persistentModelID)
        context.delete(fetched)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<CanvasElement>()) == 0)
        #expect(revived.isDeleted)
    }

    @Test func anUnsavedElementDuplicatedThenSavedIsOneRow() throws {
        let context = try context()
        do {
            let element = CanvasElement(title: "Frame", x: 5)
            let duplicate = CanvasElement(backingData: element.persistentBackingData)
            context.insert(element)
            context.insert(duplicate)
            try context.save()
        }
        let fetched = try context.fetch(FetchDescriptor<CanvasElement>())
        #expect(fetched.map(\.title) == ["Frame"])
        #expect(fetched.first?.x == 5)
    }

    /// Storage made for a new object (`BackingData()`) is that object's own: the context hands the object itself out.
    @Test func newStorageGivenToOneObjectIsNotShared() throws {
        let context = try context()
        let element = CanvasElement(backingData: BackingData())
        element.id = UUID()
        element.title = "Circle"
        element.x = 3
        context.insert(element)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<CanvasElement>()).first === element)
        let made = try #require(try context.fetch(FetchDescriptor<CanvasElement>()).first)
        #expect(try context.fetch(FetchDescriptor<CanvasElement>()).first === made)
    }
}
