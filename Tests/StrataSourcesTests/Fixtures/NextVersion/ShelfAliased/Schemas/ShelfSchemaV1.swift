import Foundation
import SwiftData

enum ShelfSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }

    @Model
    final class Book {
        var title: String
        var author: String

        init(title: String, author: String) {
            self.title = title
            self.author = author
        }
    }
}
