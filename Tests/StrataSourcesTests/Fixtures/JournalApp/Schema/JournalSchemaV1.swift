import Foundation
import SwiftData

enum JournalSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Entry.self, Setting.self]
    }

    @Model
    final class Entry {
        var title: String
        var body: String
        var createdAt: Date

        init(title: String, body: String, createdAt: Date) {
            self.title = title
            self.body = body
            self.createdAt = createdAt
        }
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
