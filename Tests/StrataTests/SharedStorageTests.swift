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

/// Storage the app holds apart from its object (a model's `persistentBackingData` kept, or a second object made over
/// it): objects over it read and write the same values, and the context never hands out an object after it is freed
/// (a kept storage stopped the process before; the registry now refers to its objects uncounted, so these tests are
/// what shows it reads no freed object).
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

    @Test func storageKeptWithoutASecondObjectReadsItsRowAfterTheObjectIsFreed() throws {
        let context = try context()
        for index in 0..<200 { context.insert(CanvasElement(title: "Shape \(index)", x: Double(index))) }
        try context.save()
        var kept: [BackingData] = []
        do {
            let elements = try context.fetch(FetchDescriptor<CanvasElement>(sortBy: [SortDescriptor(\.x)]))
            kept = elements.map(\.persistentBackingData)
        }
        // Every element is freed; the app holds their storage. Each row reads its own values, twice as one object.
        let fetched = try context.fetch(FetchDescriptor<CanvasElement>(sortBy: [SortDescriptor(\.x)]))
        #expect(fetched.map(\.title) == (0..<200).map { "Shape \($0)" })
        #expect(
            try context.fetch(FetchDescriptor<CanvasElement>(sortBy: [SortDescriptor(\.x)])).first === fetched.first)
        fetched[7].x = 700
        try context.save()
        #expect(CanvasElement(backingData: kept[7]).x == 700)
        let other = try ModelContext(context.container).fetch(
            FetchDescriptor<CanvasElement>(sortBy: [SortDescriptor(\.x)]))
        #expect(other.last?.x == 700)
        #expect(other.last?.title == "Shape 7")
    }

    @Test func readingTheStorageKeepsHandingOutTheSameObject() throws {
        let context = try context()
        context.insert(CanvasElement(title: "Line", x: 2))
        try context.save()
        let element = try #require(try context.fetch(FetchDescriptor<CanvasElement>()).first)
        let storage = element.persistentBackingData
        #expect(try context.fetch(FetchDescriptor<CanvasElement>()).first === element)
        element.x = 9
        #expect(try context.fetch(FetchDescriptor<CanvasElement>()).first?.x == 9)
        #expect(CanvasElement(backingData: storage).x == 9)
    }

    @Test func storageOfAnUnsavedElementKeptPastItsSaveReadsTheRow() throws {
        let context = try context()
        var storage: BackingData?
        do {
            let element = CanvasElement(title: "Polygon", x: 6)
            storage = element.persistentBackingData
            context.insert(element)
            try context.save()
        }
        let fetched = try #require(try context.fetch(FetchDescriptor<CanvasElement>()).first)
        #expect(fetched.title == "Polygon")
        #expect(fetched.x == 6)
        fetched.title = "Hexagon"
        #expect(CanvasElement(backingData: try #require(storage)).title == "Hexagon")
    }

    @Test func storageTheAppMadeOutlivesItsObject() throws {
        let context = try context()
        let storage = BackingData()
        do {
            let element = CanvasElement(backingData: storage)
            element.id = UUID()
            element.title = "Star"
            element.x = 4
            context.insert(element)
            try context.save()
        }
        let fetched = try #require(try context.fetch(FetchDescriptor<CanvasElement>()).first)
        #expect(fetched.title == "Star")
        #expect(try context.fetch(FetchDescriptor<CanvasElement>()).first === fetched)
        context.delete(fetched)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<CanvasElement>()) == 0)
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
