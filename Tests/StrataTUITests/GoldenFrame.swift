import Foundation
import StrataTUI
import Testing

/// Golden frames as text files in Golden/ beside this file: characters, then colour roles and styles (colour
/// form) or styles alone (monochrome form). `STRATA_UPDATE_GOLDEN=1 swift test` rewrites them.
enum GoldenFrame {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The text stored for a frame.
    static func text(of frame: Frame, monochrome: Bool) -> String {
        let styles = "--- styles (b bold, r reverse, u underline, digits combine)\n" + frame.styleMap
        if monochrome { return frame.text + "\n" + styles + "\n" }
        return frame.text + "\n--- roles (see Role)\n" + frame.roleMap + "\n" + styles + "\n"
    }

    /// Checks the frame against Golden/<name>.txt (writing it when updating).
    static func check(_ frame: Frame, _ name: String, monochrome: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent("\(name).txt")
        let actual = text(of: frame, monochrome: monochrome)
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try? String(contentsOf: url, encoding: .utf8)
        #expect(expected != nil, "missing golden \(url.path); run with STRATA_UPDATE_GOLDEN=1 to create it", sourceLocation: sourceLocation)
        guard let expected, expected != actual else { return }
        let first = zip(expected.split(separator: "\n", omittingEmptySubsequences: false), actual.split(separator: "\n", omittingEmptySubsequences: false))
            .enumerated().first { $0.element.0 != $0.element.1 }
        Issue.record("frame differs from \(name).txt at line \((first?.offset ?? 0) + 1):\nexpected: \(first?.element.0 ?? "")\nactual:   \(first?.element.1 ?? "")\n\(frame.text)", sourceLocation: sourceLocation)
    }
}
