import Foundation
import SwiftData

extension NotesSchemaV1 {
    @Model
    final class Note {
        var title: String
        var body: String
        var folder: Folder?
        @Transient var isSelected = false
        var wordCount: Int { body.split(separator: " ").count }

        init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }

    @Model
    final class Folder {
        var name: String
        var notes: [Note] = []

        init(name: String) { self.name = name }
    }
}
