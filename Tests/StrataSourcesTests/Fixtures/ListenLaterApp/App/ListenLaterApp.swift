import ListenLaterKit
import SwiftData
import SwiftUI

@main
struct ListenLaterApp: App {
    var body: some Scene {
        WindowGroup { Text("Listen later") }
            .modelContainer(for: Episode.self)
    }
}
