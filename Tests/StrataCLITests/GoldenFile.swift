import Foundation
import Testing

/// A command's output checked against a file in Golden/ beside these tests. `STRATA_UPDATE_GOLDEN=1 swift test`
/// rewrites the file (and fails, so a rewrite is always read before it is kept).
enum GoldenFile {
    /// The folder of the golden files.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Expects `text` to equal Golden/`name`.
    static func expect(_ text: String, equals name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded Golden/\(name) (STRATA_UPDATE_GOLDEN=1); read it, then run the tests without it")
            return
        }
        let expected = try? String(contentsOf: url, encoding: .utf8)
        #expect(expected != nil, "missing Golden/\(name); run with STRATA_UPDATE_GOLDEN=1 to create it")
        #expect(text == expected, "the output differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}
