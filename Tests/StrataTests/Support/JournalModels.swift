import Foundation
import Strata

/// A journal app's models, written as apps write them: an extension of a namespace, a unique `let` identifier,
/// untyped properties with initial values, a cascade to-many with its inverse.
enum Journal {}

extension Journal {
    @Model final class Notebook {
        @Attribute(.unique) let id: UUID
        var name = ""
        var createdAt = Date()
        @Relationship(deleteRule: .cascade, inverse: \Entry.notebook) var entries: [Entry] = []

        init(id: UUID = UUID(), name: String) {
            self.id = id
            self.name = name
        }
    }

    @Model final class Entry {
        var text = ""
        var mood = 0
        var notebook: Notebook?

        init(text: String, mood: Int = 0) {
            self.text = text
            self.mood = mood
        }
    }
}
