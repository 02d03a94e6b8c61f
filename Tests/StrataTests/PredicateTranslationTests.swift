import Foundation
import Testing

@testable import Strata

/// Every supported predicate shape runs in SQL and gives what the in-memory evaluation gives.
@Suite struct PredicateTranslationTests {
    let directory = TemporaryDirectory()
    let context: ModelContext

    init() throws {
        context = try Catalog.seed(at: directory.store())
    }

    /// Fetches through SQL and in memory, checks both agree, that SQL did translate, and returns the titles.
    func titles(_ predicate: Predicate<Catalog.Item>, translated: Bool = true) throws -> [String] {
        let descriptor = FetchDescriptor(predicate: predicate)
        let plan = FetchPlan(
            descriptor, mapping: try context.mapping(for: Catalog.Item.self), schema: context.schema, inMemory: false)
        #expect(plan.predicateInSQL == translated)
        let sql = try context.fetch(descriptor)
        let memory = try context.fetch(descriptor, inMemory: true)
        #expect(sql.map(\.persistentModelID) == memory.map(\.persistentModelID))
        #expect(try context.fetchCount(descriptor) == sql.count)
        #expect(try context.fetchIdentifiers(descriptor) == sql.map(\.persistentModelID))
        return sql.map(\.title)
    }

    @Test func comparisons() throws {
        #expect(try titles(#Predicate { $0.pages > 300 }) == ["Dune", "emma"])
        #expect(try titles(#Predicate { $0.pages >= 300 }) == ["Dune", "Émile", "emma"])
        #expect(try titles(#Predicate { $0.pages < 64 }) == ["Zebra Tales"])
        #expect(try titles(#Predicate { $0.pages <= 64 }) == ["Zebra Tales", "éclair"])
        #expect(try titles(#Predicate { $0.pages == 256 }) == ["Dune Messiah"])
        #expect(try titles(#Predicate { $0.pages != 256 }).count == 5)
        #expect(try titles(#Predicate { $0.title == "Dune" }) == ["Dune"])
        #expect(try titles(#Predicate { $0.title < "E" }) == ["Dune", "Dune Messiah"])
        #expect(try titles(#Predicate { $0.title > "e" }) == ["Émile", "emma", "éclair"])
    }

    @Test func capturedValues() throws {
        let minimum = 400
        let title = "Zebra Tales"
        #expect(try titles(#Predicate { $0.pages > minimum }) == ["Dune", "emma"])
        #expect(try titles(#Predicate { $0.title == title }) == ["Zebra Tales"])
    }

    @Test func logic() throws {
        #expect(try titles(#Predicate { $0.pages >= 300 && $0.pages <= 412 }) == ["Dune", "Émile"])
        #expect(try titles(#Predicate { $0.title == "Dune" || $0.pages < 100 }) == ["Dune", "Zebra Tales", "éclair"])
        #expect(try titles(#Predicate { !($0.pages > 300) }) == ["Émile", "Zebra Tales", "Dune Messiah", "éclair"])
        #expect(
            try titles(#Predicate { !($0.pages > 300 || $0.title == "éclair") && $0.pages > 100 }) == [
                "Émile", "Dune Messiah",
            ])
    }

    @Test func nilTests() throws {
        #expect(try titles(#Predicate { $0.subtitle == nil }) == ["Dune", "emma", "Dune Messiah"])
        #expect(try titles(#Predicate { $0.subtitle != nil }) == ["Émile", "Zebra Tales", "éclair"])
        #expect(try titles(#Predicate { $0.writer == nil }) == ["Zebra Tales", "éclair"])
        #expect(try titles(#Predicate { $0.rating == nil }) == ["Émile", "Dune Messiah"])
    }

    @Test func optionalChainingThroughToOne() throws {
        #expect(try titles(#Predicate { $0.writer?.name == "Frank Herbert" }) == ["Dune", "Dune Messiah"])
        #expect(
            try titles(#Predicate { $0.writer?.name != "Frank Herbert" }) == ["Émile", "emma", "Zebra Tales", "éclair"])
        let name = "Jane Austen"
        #expect(try titles(#Predicate { $0.writer?.name == name }) == ["emma"])
        #expect(try titles(#Predicate { $0.writer?.name.starts(with: "R") == true }) == ["Émile"])
    }

    @Test func optionalUnwrapping() throws {
        #expect(try titles(#Predicate { ($0.subtitle ?? "").contains("kid") }) == ["Zebra Tales"])
        #expect(try titles(#Predicate { $0.subtitle.flatMap { $0.starts(with: "a") } == true }) == ["éclair"])
        #expect(
            try titles(
                #Predicate { item in
                    if let subtitle = item.subtitle { subtitle.contains("é") } else { false }
                }) == ["Émile"])
    }

    @Test func stringTests() throws {
        #expect(try titles(#Predicate { $0.title.contains("Dune") }) == ["Dune", "Dune Messiah"])
        #expect(try titles(#Predicate { $0.title.contains("dune") }) == [])
        #expect(try titles(#Predicate { $0.title.contains("") }).count == 6)
        #expect(try titles(#Predicate { $0.title.starts(with: "Du") }) == ["Dune", "Dune Messiah"])
        #expect(try titles(#Predicate { $0.title.starts(with: "e") }) == ["emma"])
        #expect(try titles(#Predicate { $0.title.starts(with: "") }).count == 6)
    }

    @Test func localizedStandardContains() throws {
        #expect(try titles(#Predicate { $0.title.localizedStandardContains("EMI") }) == ["Émile"])
        #expect(try titles(#Predicate { $0.title.localizedStandardContains("messiah") }) == ["Dune Messiah"])
        #expect(
            try titles(#Predicate { $0.title.localizedStandardContains("é") })
                == ["Dune", "Émile", "emma", "Zebra Tales", "Dune Messiah", "éclair"])
        #expect(try titles(#Predicate { $0.title.localizedStandardContains("ECLA") }) == ["éclair"])
        let needle = "zebra"
        #expect(try titles(#Predicate { $0.title.localizedStandardContains(needle) }) == ["Zebra Tales"])
        #expect(try titles(#Predicate { $0.subtitle?.localizedStandardContains("EDUCATION") == true }) == ["Émile"])
    }

    @Test func capturedCollectionContains() throws {
        let pages = [12, 256, 999]
        #expect(try titles(#Predicate { pages.contains($0.pages) }) == ["Zebra Tales", "Dune Messiah"])
        let none: [Int] = []
        #expect(try titles(#Predicate { none.contains($0.pages) }) == [])
        let names: Set<String> = ["emma", "Dune"]
        #expect(try titles(#Predicate { names.contains($0.title) }) == ["Dune", "emma"])
        let subtitles: [String?] = [nil, "for kids"]
        #expect(
            try titles(#Predicate { subtitles.contains($0.subtitle) }) == [
                "Dune", "emma", "Zebra Tales", "Dune Messiah",
            ])
    }

    @Test func enumEquality() throws {
        let done = Catalog.Status.done
        #expect(try titles(#Predicate { $0.status == done }) == ["Dune", "Zebra Tales"])
        let high = Catalog.Priority.high
        #expect(try titles(#Predicate { $0.priority == high }) == ["Dune", "Dune Messiah"])
        #expect(try titles(#Predicate { $0.priority != high && $0.status != done }) == ["Émile", "emma", "éclair"])
        let statuses = [Catalog.Status.reading, .todo]
        #expect(try titles(#Predicate { statuses.contains($0.status) }) == ["Émile", "emma", "Dune Messiah", "éclair"])
    }

    @Test func dateComparisons() throws {
        let cutoff = Catalog.date(1900)
        #expect(try titles(#Predicate { $0.published < cutoff }) == ["Émile", "emma"])
        let millennium = Catalog.date(2001)
        #expect(try titles(#Predicate { $0.published > millennium }) == ["éclair"])
        let zero = Date(timeIntervalSinceReferenceDate: 0)
        #expect(try titles(#Predicate { $0.published == zero }) == ["Zebra Tales"])
        #expect(try titles(#Predicate { $0.published >= zero }) == ["Zebra Tales", "éclair"])
    }

    @Test func untranslatableShapesFallBackToMemory() throws {
        #expect(try titles(#Predicate { ($0.rating ?? 0) == 4.5 }, translated: false) == ["Dune"])
        #expect(try titles(#Predicate { $0.rating.flatMap { $0 > 3.5 } == true }) == ["Dune", "emma"])
        #expect(try titles(#Predicate { ($0.rating ?? 0) > 3.5 }) == ["Dune", "emma"])
    }
}
