import Foundation
import SwiftData

enum JournalSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Entry.self, JournalSchemaV1.Setting.self]
    }

    @Model
    final class Entry {
        var title: String
        var body: String
        var createdAt: Date
        var mood: Int

        init(title: String, body: String, createdAt: Date, mood: Int) {
            self.title = title
            self.body = body
            self.createdAt = createdAt
            self.mood = mood
        }
    }
}
