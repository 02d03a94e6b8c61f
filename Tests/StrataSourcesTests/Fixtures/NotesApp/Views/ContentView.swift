import SwiftData
import SwiftUI

struct ContentView: View {
    @Environment(\.modelContext) private var context
    @Query(sort: \Note.title) private var notes: [Note]
    @State private var draft = ""

    var body: some View {
        NavigationStack {
            List(notes) { note in
                NoteRow(note: note)
            }
            .toolbar {
                Button("Add") { context.insert(Note(title: draft, body: "")) }
            }
        }
    }
}

struct NoteRow: View {
    let note: Note
    var body: some View { Text(note.title).foregroundStyle(note.priority.color) }
}
