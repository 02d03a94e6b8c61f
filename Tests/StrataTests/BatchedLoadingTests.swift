import Foundation
import Testing

@testable import Strata

/// To-many relationships load for many owners per query (batched faults, `relationshipKeyPathsForPrefetching`),
/// and `delete(model:where:)` deletes in SQL, with the same results as loading every object.
@Suite struct BatchedLoadingTests {
    let directory = TemporaryDirectory()

    /// A store of `folders` folders with `notes` notes each, "F<i>" holding "F<i>-<j>".
    private func folders(_ folders: Int, notes: Int) throws -> URL {
        let url = directory.store()
        let context = ModelContext(try openContainer(Links.Folder.self, at: url))
        for index in 0..<folders {
            let folder = Links.Folder(name: "F\(index)")
            context.insert(folder)
            for note in 0..<notes { folder.notes.append(Links.Note(text: "F\(index)-\(note)")) }
        }
        try context.save()
        return url
    }

    @Test func readingOneOwnersToManyLoadsItForTheOwnersFetchedWithIt() throws {
        let url = try folders(60, notes: 3)
        let context = ModelContext(try openContainer(Links.Folder.self, at: url))
        let fetched = try context.fetch(FetchDescriptor<Links.Folder>())
        #expect(fetched.allSatisfy { $0._strataBackingData.related["notes"] == nil })
        #expect(fetched[0].notes.map(\.text).sorted() == ["F0-0", "F0-1", "F0-2"])
        // The one query that read the first folder's notes loaded every fetched folder's (no query per folder).
        #expect(fetched.allSatisfy { $0._strataBackingData.related["notes"]?.count == 3 })
        #expect(fetched[59].notes.map(\.text).sorted() == ["F59-0", "F59-1", "F59-2"])
    }

    @Test func prefetchingLoadsWithTheFetch() throws {
        let url = try folders(5, notes: 2)
        let context = ModelContext(try openContainer(Links.Folder.self, at: url))
        var descriptor = FetchDescriptor<Links.Folder>()
        descriptor.relationshipKeyPathsForPrefetching = [\.notes]
        let fetched = try context.fetch(descriptor)
        #expect(fetched.allSatisfy { $0._strataBackingData.related["notes"]?.count == 2 })
        #expect(fetched.first?.notes.first?.folder === fetched.first)
    }

    @Test func changedOwnersKeepTheirUnsavedRelationships() throws {
        let url = try folders(3, notes: 1)
        let context = ModelContext(try openContainer(Links.Folder.self, at: url))
        let fetched = try context.fetch(FetchDescriptor<Links.Folder>())
        fetched[1].notes = []
        #expect(fetched[0].notes.map(\.text) == ["F0-0"])
        #expect(fetched[1].notes.isEmpty)
        #expect(fetched[2].notes.map(\.text) == ["F2-0"])
    }

    @Test func deleteWhereInSQLMarksHeldObjectsAndRollsBack() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
        for visits in 1...6 {
            context.insert(Uniques.Account(email: "a\(visits)@example.com", name: "A", visits: visits))
        }
        try context.save()
        let held = try context.fetch(FetchDescriptor<Uniques.Account>(predicate: #Predicate { $0.visits == 5 }))
        try context.delete(model: Uniques.Account.self, where: #Predicate { $0.visits > 3 })
        #expect(held.first?.isDeleted == true)
        #expect(try context.fetch(FetchDescriptor<Uniques.Account>()).map(\.visits) == [1, 2, 3])
        #expect(try context.fetchCount(FetchDescriptor<Uniques.Account>()) == 3)
        context.rollback()
        #expect(held.first?.isDeleted == false)
        #expect(try context.fetchCount(FetchDescriptor<Uniques.Account>()) == 6)
        try context.delete(model: Uniques.Account.self, where: #Predicate { $0.visits > 3 })
        try context.save()
        #expect(try rowCount("Account", at: url) == 3)
    }
}
