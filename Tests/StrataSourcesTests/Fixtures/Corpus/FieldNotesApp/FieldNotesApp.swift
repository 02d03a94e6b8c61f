import SwiftData
import SwiftUI

@main
struct FieldNotesApp: App {
    var body: some Scene {
        WindowGroup { SightingList() }
            .modelContainer(
                try! ModelContainer(
                    for: Schema(versionedSchema: FieldNotesSchemaV3.self),
                    migrationPlan: FieldNotesMigrationPlan.self))
    }
}
