// Sample data for SwiftUI previews only; the widget target leaves this folder out.
enum PreviewTrails {
    static let names = ["Ridge loop", "Lake path"]
}
