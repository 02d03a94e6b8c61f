import Foundation
import GRDB
import Testing

@testable import Strata

/// Values a save binds are copied into one reusable buffer per statement parameter and read there by SQLite
/// (`ParameterBuffers`): every value must still land in its own row and column, byte for byte, whatever the
/// lengths, the order of entities in a save, or the statements sharing the buffers.
@Suite struct BoundValueTests {
    let directory = TemporaryDirectory()

    enum Shelf {
        @Model final class Note {
            @Attribute(.unique) var id: UUID
            var title: String
            var body: String
            var attachment: Data?

            init(id: UUID = UUID(), title: String, body: String, attachment: Data? = nil) {
                self.id = id
                self.title = title
                self.body = body
                self.attachment = attachment
            }
        }

        @Model final class Label {
            var name: String
            var colour: String

            init(name: String, colour: String) {
                self.name = name
                self.colour = colour
            }
        }
    }

    /// Texts of every awkward length around the buffers' sizes (0, 63, 64, 65, a power of two, 100,000 bytes),
    /// multi-byte characters, and shrinking after growing.
    static let texts: [String] = [
        "", "a", String(repeating: "x", count: 63), String(repeating: "y", count: 64),
        String(repeating: "z", count: 65),
        "Grüße, 世界 🌍", String(repeating: "long ", count: 20_000), "short again", String(repeating: "é", count: 64),
        "",
    ]

    @Test func insertsOfTwoEntitiesInTurnKeepEachValueInItsRowAndColumn() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Shelf.Note.self, Shelf.Label.self, at: url))
        // The reference: what each row must hold, stated independently of the save.
        var expectedNotes: [UUID: (title: String, body: String, attachment: Data?)] = [:]
        var expectedLabels: [String: String] = [:]
        for (index, text) in Self.texts.enumerated() {
            let reversed = String(text.reversed())
            let attachment: Data? = index % 3 == 0 ? nil : Data((0..<(index * 37)).map { UInt8($0 % 251) })
            let note = Shelf.Note(title: "\(index):\(text)", body: reversed + "|" + text, attachment: attachment)
            expectedNotes[note.id] = (note.title, note.body, attachment)
            context.insert(note)
            // A label between two notes: the two INSERT statements take turns with the same parameter numbers.
            let label = Shelf.Label(name: "label \(index)", colour: text + "#\(index)")
            expectedLabels[label.name] = label.colour
            context.insert(label)
        }
        try context.save()

        let fresh = ModelContext(try openContainer(Shelf.Note.self, Shelf.Label.self, at: url))
        let notes = try fresh.fetch(FetchDescriptor<Shelf.Note>())
        #expect(notes.count == Self.texts.count)
        for note in notes {
            let expected = try #require(expectedNotes[note.id])
            #expect(note.title == expected.title)
            #expect(note.body == expected.body)
            #expect(note.attachment == expected.attachment)
        }
        let labels = try fresh.fetch(FetchDescriptor<Shelf.Label>())
        #expect(Dictionary(uniqueKeysWithValues: labels.map { ($0.name, $0.colour) }) == expectedLabels)
    }

    @Test func updatesThatGrowAndShrinkValuesStoreTextAsTextByteForByte() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Shelf.Note.self, Shelf.Label.self, at: url))
        let notes = Self.texts.indices.map { Shelf.Note(title: "note \($0)", body: "") }
        notes.forEach(context.insert)
        try context.save()
        for (note, text) in zip(notes, Self.texts.reversed()) {
            note.body = text
            note.title = text + text
        }
        try context.save()

        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        let stored = try queue.read { db in
            try Row.fetchAll(db, sql: #"SELECT "id", "title", "body", typeof("body") AS kind FROM "Note""#)
        }
        #expect(stored.count == notes.count)
        let expected = Dictionary(
            uniqueKeysWithValues: zip(notes, Self.texts.reversed()).map { note, text in (note.id, text) })
        for row in stored {
            let bytes: Data = row["id"]
            let text = try #require(expected[UUID(uuid: bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })])
            #expect(row["kind"] as String == "text", "an empty string is stored as text, not NULL")
            #expect(row["body"] as String == text)
            #expect(row["title"] as String == text + text)
        }
    }
}
