import Foundation
import SwiftData
import WidgetKit

public enum BookSchemaV2: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    public static var models: [any PersistentModel.Type] { [Book.self] }

    @Model
    public final class Book {
        public var title: String
        public var pagesRead: Int
        public var daysReading: Int
        /// The shelf shows it under the title; the Control Center button shows the book being read.
        public var shelfNote: String = "" {
            didSet { ControlCenter.shared.reloadControls(ofKind: "org.example.readinglog.current") }
        }
        public var finishedOn: Date?

        public init(title: String, pagesRead: Int, daysReading: Int) {
            self.title = title
            self.pagesRead = pagesRead
            self.daysReading = daysReading
        }
    }
}
