import Foundation
import Strata

/// A notes app over four versions, shaped so each stage changes rows a different way: notebooks own notes (a
/// to-one from each note), and the notes are most of the store's bytes.
/// - V1 -> V2 (lightweight): `Note.body` renamed `text`; no value changes.
/// - V2 -> V3 (lightweight): `Notebook.color` made required with the default "blue", filling the missing colors.
/// - V3 -> V4 (custom): `Note.wordCount` added; didMigrate counts each note's words and also tidies the notebooks
///   (an entity no change of the stage names): "Inbox" renamed "Unsorted", the empty notebooks deleted.
enum NotebooksV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Notebook.self, Note.self] }

    @Model final class Notebook {
        var name: String
        var color: String?
        @Relationship(deleteRule: .nullify, inverse: \Note.notebook) var notes: [Note]? = []
        init(name: String, color: String? = nil) {
            self.name = name
            self.color = color
        }
    }

    @Model final class Note {
        var title: String
        var body: String
        var notebook: Notebook?
        init(title: String, body: String, notebook: Notebook? = nil) {
            self.title = title
            self.body = body
            self.notebook = notebook
        }
    }
}

enum NotebooksV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Notebook.self, Note.self] }

    @Model final class Notebook {
        var name: String
        var color: String?
        @Relationship(deleteRule: .nullify, inverse: \Note.notebook) var notes: [Note]? = []
        init(name: String) { self.name = name }
    }

    @Model final class Note {
        var title: String
        @Attribute(originalName: "body") var text: String
        var notebook: Notebook?
        init(title: String, text: String) {
            self.title = title
            self.text = text
        }
    }
}

enum NotebooksV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Notebook.self, Note.self] }

    @Model final class Notebook {
        var name: String
        var color: String = "blue"
        @Relationship(deleteRule: .nullify, inverse: \Note.notebook) var notes: [Note]? = []
        init(name: String) { self.name = name }
    }

    @Model final class Note {
        var title: String
        var text: String
        var notebook: Notebook?
        init(title: String, text: String) {
            self.title = title
            self.text = text
        }
    }
}

enum NotebooksV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)
    static var models: [any PersistentModel.Type] { [Notebook.self, Note.self] }

    @Model final class Notebook {
        var name: String
        var color: String = "blue"
        @Relationship(deleteRule: .nullify, inverse: \Note.notebook) var notes: [Note]? = []
        init(name: String) { self.name = name }
    }

    @Model final class Note {
        var title: String
        var text: String
        var wordCount: Int = 0
        var notebook: Notebook?
        init(title: String, text: String) {
            self.title = title
            self.text = text
        }
    }
}

/// Lightweight, lightweight, custom.
enum NotebooksPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [NotebooksV1.self, NotebooksV2.self, NotebooksV3.self, NotebooksV4.self]
    }
    static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: NotebooksV1.self, toVersion: NotebooksV2.self),
            .lightweight(fromVersion: NotebooksV2.self, toVersion: NotebooksV3.self),
            .custom(fromVersion: NotebooksV3.self, toVersion: NotebooksV4.self, willMigrate: nil, didMigrate: tidy),
        ]
    }

    /// Counts the words of every note, renames the inbox and deletes the notebooks without notes.
    static func tidy(_ context: ModelContext) throws {
        for note in try context.fetch(FetchDescriptor<NotebooksV4.Note>()) {
            note.wordCount = note.text.split(separator: " ").count
        }
        for notebook in try context.fetch(FetchDescriptor<NotebooksV4.Notebook>()) {
            if notebook.name == "Inbox" { notebook.name = "Unsorted" }
            if notebook.notes?.isEmpty ?? true { context.delete(notebook) }
        }
        try context.save()
    }
}

/// A V1 store: notebooks Inbox (no color), Work (green) and Empty (no color, no notes), and `notes` notes of a few
/// hundred characters each, filed alternately in Inbox and Work.
func makeNotebooksV1(at url: URL, notes: Int) throws {
    let container = try ModelContainer(
        for: Schema(versionedSchema: NotebooksV1.self), configurations: ModelConfiguration(url: url))
    let context = ModelContext(container)
    let inbox = NotebooksV1.Notebook(name: "Inbox")
    let work = NotebooksV1.Notebook(name: "Work", color: "green")
    context.insert(inbox)
    context.insert(work)
    context.insert(NotebooksV1.Notebook(name: "Empty"))
    let words = "the quick brown fox jumps over the lazy dog again and again"
    for number in 1...notes {
        let note = NotebooksV1.Note(
            title: "Note \(number)", body: Array(repeating: words, count: 1 + number % 7).joined(separator: " "))
        context.insert(note)
        note.notebook = number % 2 == 0 ? inbox : work
    }
    try context.save()
}
