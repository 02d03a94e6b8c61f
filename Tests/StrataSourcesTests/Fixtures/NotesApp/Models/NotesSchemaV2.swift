import Foundation
import SwiftData
import SwiftUI

enum NotesSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }

    @Model
    final class Note {
        @Attribute(.unique) var title: String
        @Attribute(originalName: "body") var text: String
        var priority: Priority = Priority.normal
        var tags: [String] = []
        var createdAt = Date.now
        var attachment: Attachment?
        @Relationship(deleteRule: .nullify) var folder: Folder?

        init(title: String, body: String) {
            self.title = title
            self.text = body
        }
    }

    @Model
    final class Folder {
        var name: String
        @Relationship(deleteRule: .cascade, inverse: \Note.folder) var notes: [Note] = []

        init(name: String) { self.name = name }
    }
}

enum Priority: Int, Codable, CaseIterable {
    case low, normal, high

    var color: Color { self == .high ? .red : .primary }
    var isFlagged: Bool { color == .red }
}

struct Attachment: Codable, Hashable {
    var fileName: String
    var size: Int
}
