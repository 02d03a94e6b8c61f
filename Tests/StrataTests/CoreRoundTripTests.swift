import Foundation
import Strata
import Testing

@Suite struct CoreRoundTripTests {
    @Test func insertSaveAndFetchOnDisk() throws {
        let directory = TemporaryDirectory()
        let url = directory.store()
        do {
            let container = try ModelContainer(for: Library.Book.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            let author = Library.Author(name: "Frank Herbert")
            let book = Library.Book(title: "Dune", pages: 412, author: author)
            context.insert(book)
            try context.save()
            #expect(book.persistentModelID.primaryKey == 1)
            #expect(author.books.map(\.title) == ["Dune"])
        }
        let container = try ModelContainer(for: Library.Book.self, configurations: ModelConfiguration(url: url))
        let books = try ModelContext(container).fetch(FetchDescriptor<Library.Book>())
        #expect(books.map(\.title) == ["Dune"])
        #expect(books.first?.pages == 412)
        #expect(books.first?.author?.name == "Frank Herbert")
        #expect(books.first?.author?.books.count == 1)
    }
}
