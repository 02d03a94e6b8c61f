import SwiftData
import SwiftUI

@main
struct SlideshowApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Slideshow")
        }
        .modelContainer(for: Slide.self)
    }
}
