import Foundation

/// The app-shaped source trees under Fixtures/, found beside this file.
enum FixtureTree {
    /// The folder of the fixture tree `name`.
    static func folder(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
            .appendingPathComponent(name)
    }

    /// The folder of plans compiled into these tests and also read as sources.
    static var compiledApp: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CompiledApp")
    }

    /// The folder holding the bundled example plans' sources (read statically and compared with the compiled plans).
    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/StrataExamples")
    }
}
