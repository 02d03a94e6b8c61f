import Foundation
import SwiftData

enum JournalSchemaV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Entry.self, Person.self, Setting.self]
    }

    @Model
    final class Entry {
        var title: String
        var body: String
        var createdAt: String
        var mood: Int
        var author: Person?
        var reviewer: Person?

        init(title: String, body: String, createdAt: String, mood: Int) {
            self.title = title
            self.body = body
            self.createdAt = createdAt
            self.mood = mood
        }
    }

    @Model
    final class Person {
        var name: String
        var entries: [Entry] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Setting {
        var key: String
        var value: String

        init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }
}
