import Foundation

/// Whether an app's sources build in the Swift 6 language mode, read from the package manifest or Xcode project
/// in the folder or the two above it (an app's `Sources/App`, or the folder beside its `.xcodeproj`); where neither says so, the mode is taken to be Swift 5.
enum SwiftLanguageMode {
    /// True when the nearest `Package.swift` has tools version 6 or later and does not ask for the Swift 5 mode, or
    /// the nearest Xcode project sets `SWIFT_VERSION = 6`.
    static func isSwift6(_ folder: URL) -> Bool {
        var directory = folder.standardizedFileURL
        for _ in 0..<3 {
            let manifest = directory.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8) {
                let tools = text.firstMatch(of: #/swift-tools-version:\s*(\d+)/#).flatMap { Int($0.1) } ?? 5
                return tools >= 6 && !text.contains(".v5")
            }
            let projects = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for project in projects where project.hasSuffix(".xcodeproj") {
                let settings = directory.appendingPathComponent(project).appendingPathComponent("project.pbxproj")
                if let text = try? String(contentsOf: settings, encoding: .utf8) {
                    return text.contains("SWIFT_VERSION = 6")
                }
            }
            let parent = directory.deletingLastPathComponent()
            guard parent.path != directory.path else { break }
            directory = parent
        }
        return false
    }
}
