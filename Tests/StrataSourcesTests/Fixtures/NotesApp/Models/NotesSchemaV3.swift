import Foundation
import SwiftData

enum NotesSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self, Folder.self] }

    @Model
    final class Note {
        @Attribute(.unique) var title: String
        var text: String
        var priority: Priority = Priority.normal
        var tags: [String] = []
        var createdAt = Date.now
        var attachment: Attachment?
        var pinned: Bool?
        @Relationship(deleteRule: .nullify) var folder: Folder?

        init(title: String, text: String) {
            self.title = title
            self.text = text
        }
    }

    @Model
    final class Folder {
        var name: String
        @Relationship(deleteRule: .cascade, inverse: \Note.folder) var notes: [Note] = []

        init(name: String) { self.name = name }
    }
}
