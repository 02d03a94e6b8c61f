import Foundation
import Strata

/// Model code shaped like the surveyed apps': untyped stored properties (a clipboard manager's history item),
/// a `let` identifier assigned in the initialiser, models in an extension of a schema enum.
enum ClipboardSchema {}

extension ClipboardSchema {
    @Model final class HistoryItem {
        @Attribute(.unique) let id: UUID
        var title = ""
        var createdAt = Date()
        var numberOfCopies = 1
        var pin: String?
        var application: String? = nil
        @Relationship(deleteRule: .cascade, inverse: \HistoryContent.item) var contents: [HistoryContent] = []

        init(id: UUID = UUID(), title: String) {
            self.id = id
            self.title = title
        }
    }

    @Model final class HistoryContent {
        var type = "public.utf8-plain-text"
        var value: Data?
        var item: HistoryItem?

        init(type: String, value: Data?) {
            self.type = type
            self.value = value
        }
    }
}
