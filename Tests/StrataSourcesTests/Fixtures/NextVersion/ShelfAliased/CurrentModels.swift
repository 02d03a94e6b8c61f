import SwiftData

// The app uses the latest version's classes through these names.
typealias Book = ShelfSchemaV2.Book
typealias Shelf = ShelfSchemaV2.Shelf
