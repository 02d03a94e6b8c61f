import SwiftData
import SwiftUI

@main
struct NotesApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
        .modelContainer(for: Note.self, migrationPlan: NotesMigrationPlan.self)
    }
}
