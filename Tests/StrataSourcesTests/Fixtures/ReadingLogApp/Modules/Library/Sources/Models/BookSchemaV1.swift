import Foundation
import SwiftData

public enum BookSchemaV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    public static var models: [any PersistentModel.Type] { [Book.self] }

    @Model
    public final class Book {
        public var title: String
        public var pagesRead: Int
        public var daysReading: Int

        public init(title: String, pagesRead: Int, daysReading: Int) {
            self.title = title
            self.pagesRead = pagesRead
            self.daysReading = daysReading
        }
    }
}
