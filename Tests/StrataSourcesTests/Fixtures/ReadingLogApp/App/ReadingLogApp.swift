import Library
import SwiftData
import SwiftUI

@main
struct ReadingLogApp: App {
    @StateObject private var settings = ShelfSettings.shared

    var body: some Scene {
        WindowGroup {
            Text("Reading log")
                .environmentObject(settings)
        }
        .modelContainer(for: BookSchemaV2.Book.self)
    }
}
