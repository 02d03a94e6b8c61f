import SwiftUI
import SwiftData

@main
struct JournalApp: App {
    var body: some Scene {
        WindowGroup {
            EntryList()
        }
        .modelContainer(for: Entry.self, migrationPlan: JournalPlan.self)
    }
}
