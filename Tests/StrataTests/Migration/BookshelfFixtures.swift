import Foundation
import Strata
import StrataExamples

/// Writes a V1 store with the given books and returns its URL.
func makeBookshelfV1(in directory: TemporaryDirectory, books: [(String, String, String)]) throws -> URL {
    let url = directory.store("bookshelf")
    let container = try ModelContainer(
        for: Schema(versionedSchema: Bookshelf.V1.self), configurations: ModelConfiguration(url: url))
    let context = ModelContext(container)
    for (title, author, isbn) in books { context.insert(Bookshelf.V1.Book(title: title, author: author, isbn: isbn)) }
    try context.save()
    return url
}

let sampleBooks = [
    ("Dune", "Frank Herbert", "978-0441172719"),
    ("Emma", "Jane Austen", "978-0141439587"),
    ("Plato", "Plato", "978-0872203495"),
]
