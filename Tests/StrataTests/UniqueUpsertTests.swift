import Foundation
import Testing

@testable import Strata

/// Inserting a model whose unique value exists updates the existing row (SwiftData's upsert).
@Suite struct UniqueUpsertTests {
    let directory = TemporaryDirectory()

    @Test func upsertAcrossSaves() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
            context.insert(Uniques.Account(email: "a@x.org", name: "First", visits: 1))
            try context.save()
            let second = Uniques.Account(email: "a@x.org", name: "Second", visits: 2)
            context.insert(second)
            try context.save()
            #expect(second.persistentModelID.primaryKey == 1)
            let all = try context.fetch(FetchDescriptor<Uniques.Account>())
            #expect(all.count == 1)
            #expect(all.map(\.name) == ["Second"])
        }
        #expect(try rowCount("Account", at: url) == 1)
        let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
        let all = try context.fetch(FetchDescriptor<Uniques.Account>())
        #expect(all.map(\.name) == ["Second"])
        #expect(all.map(\.visits) == [2])
    }

    @Test func upsertAcrossReopenedContainers() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
            context.insert(Uniques.Account(email: "a@x.org", name: "First"))
            context.insert(Uniques.Account(email: "b@x.org", name: "Other"))
            try context.save()
        }
        do {
            let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
            context.insert(Uniques.Account(email: "a@x.org", name: "Replaced", visits: 9))
            try context.save()
        }
        let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
        let all = try context.fetch(FetchDescriptor<Uniques.Account>(sortBy: [SortDescriptor(\.email)]))
        #expect(all.map(\.name) == ["Replaced", "Other"])
        #expect(all.map(\.visits) == [9, 0])
        #expect(try rowCount("Account", at: url) == 2)
    }

    @Test func upsertWithinOneSave() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
        context.insert(Uniques.Account(email: "a@x.org", name: "First", visits: 1))
        context.insert(Uniques.Account(email: "a@x.org", name: "Last", visits: 3))
        try context.save()
        #expect(try rowCount("Account", at: url) == 1)
        let all = try ModelContext(try openContainer(Uniques.Account.self, at: url)).fetch(
            FetchDescriptor<Uniques.Account>())
        #expect(all.map(\.name) == ["Last"])
        #expect(all.map(\.visits) == [3])
    }

    @Test func upsertedObjectIsTheRegisteredOne() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
        let first = Uniques.Account(email: "a@x.org", name: "First")
        context.insert(first)
        try context.save()
        let second = Uniques.Account(email: "a@x.org", name: "Second")
        context.insert(second)
        try context.save()
        let fetched = try context.fetch(FetchDescriptor<Uniques.Account>())
        #expect(fetched.count == 1)
        #expect(fetched.first?.name == "Second")
        #expect(fetched.first?.persistentModelID == first.persistentModelID)
    }

    @Test func nilUniqueValuesDoNotClash() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Uniques.Device.self, at: url))
        let serial = UUID()
        context.insert(Uniques.Device(serial: nil, label: "a"))
        context.insert(Uniques.Device(serial: nil, label: "b"))
        context.insert(Uniques.Device(serial: serial, label: "c"))
        try context.save()
        context.insert(Uniques.Device(serial: serial, label: "d"))
        try context.save()
        let labels = try ModelContext(try openContainer(Uniques.Device.self, at: url))
            .fetch(FetchDescriptor<Uniques.Device>(sortBy: [SortDescriptor(\.label)])).map(\.label)
        #expect(labels == ["a", "b", "d"])
    }

    @Test func changingAValueToAnExistingUniqueValueFails() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
        let a = Uniques.Account(email: "a@x.org", name: "A")
        let b = Uniques.Account(email: "b@x.org", name: "B")
        context.insert(a)
        context.insert(b)
        try context.save()
        b.email = "a@x.org"
        let message = errorMessage { try context.save() }
        #expect(message?.contains("UNIQUE") == true)
        context.rollback()
        #expect(b.email == "b@x.org")
        #expect(try rowCount("Account", at: url) == 2)
    }
}

/// Upserts meeting deletes, relationships and objects the context already holds.
@Suite struct UniqueUpsertInteractionTests {
    let directory = TemporaryDirectory()

    @Test func deleteAndReinsertInOneSave() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
        let old = Uniques.Account(email: "a@x.org", name: "Old")
        context.insert(old)
        try context.save()
        context.delete(old)
        context.insert(Uniques.Account(email: "a@x.org", name: "New"))
        try context.save()
        #expect(try rowCount("Account", at: url) == 1)
        let names = try ModelContext(try openContainer(Uniques.Account.self, at: url)).fetch(
            FetchDescriptor<Uniques.Account>()
        ).map(\.name)
        #expect(names == ["New"])
    }

    @Test func theObjectAlreadyHeldSeesTheUpsertedValues() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Uniques.Account.self, at: url))
        let first = Uniques.Account(email: "a@x.org", name: "First", visits: 1)
        context.insert(first)
        try context.save()
        let second = Uniques.Account(email: "a@x.org", name: "Second", visits: 2)
        context.insert(second)
        try context.save()
        #expect(first.name == "Second")
        #expect(first.visits == 2)
        #expect(first.hasChanges == false)
        #expect(context.hasChanges == false)
    }

    @Test func sharedUniqueTagsThroughRelationships() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Library.Book.self, at: url))
            let dune = Library.Book(title: "Dune")
            let emma = Library.Book(title: "Emma")
            context.insert(dune)
            context.insert(emma)
            dune.tags = [Library.Tag(label: "classic"), Library.Tag(label: "sf")]
            emma.tags = [Library.Tag(label: "classic")]
            try context.save()
        }
        #expect(try rowCount("Tag", at: url) == 2)
        let context = ModelContext(try openContainer(Library.Book.self, at: url))
        let tags = try context.fetch(FetchDescriptor<Library.Tag>(sortBy: [SortDescriptor(\.label)]))
        #expect(tags.map(\.label) == ["classic", "sf"])
        #expect(tags.map { $0.books.map(\.title).sorted() } == [["Dune", "Emma"], ["Dune"]])
    }

    @Test func anUpsertedModelListsTheRowsEarlierChildrenToo() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Library.Book.self, at: url))
            let author = Library.Author(name: "Frank Herbert")
            context.insert(author)
            author.books.append(Library.Book(title: "Dune"))
            try context.save()
        }
        let context = ModelContext(try openContainer(Library.Book.self, at: url))
        let again = Library.Author(name: "Frank Herbert")
        context.insert(again)
        again.books.append(Library.Book(title: "Dune Messiah"))
        try context.save()
        #expect(again.books.map(\.title).sorted() == ["Dune", "Dune Messiah"])
        #expect(try rowCount("Author", at: url) == 1)
    }
}
