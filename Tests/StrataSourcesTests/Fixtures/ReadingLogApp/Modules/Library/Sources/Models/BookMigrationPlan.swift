import Foundation
import SwiftData

public enum BookMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [BookSchemaV1.self, BookSchemaV2.self] }
    public static var stages: [MigrationStage] { [addShelfNotes] }

    /// 2.0 shows a note under each title on the shelf: it starts as the book's reading pace.
    static let addShelfNotes = MigrationStage.custom(
        fromVersion: BookSchemaV1.self,
        toVersion: BookSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            for book in try context.fetch(FetchDescriptor<BookSchemaV2.Book>()) {
                book.shelfNote = book.shelfLine
            }
            try context.save()
        }
    )
}
