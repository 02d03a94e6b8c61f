import Foundation
import StrataTUI
import Testing

/// Golden frames as text files in Golden/ beside this file: characters, then colour roles and styles (colour
/// form) or styles alone (monochrome form). `STRATA_UPDATE_GOLDEN=1 swift test` rewrites them (and fails).
enum GoldenFrame {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The text stored for a frame.
    static func text(of frame: Frame, monochrome: Bool) -> String {
        let styles = "--- styles (b bold, r reverse, u underline, digits combine)\n" + frame.styleMap
        if monochrome { return frame.text + "\n" + styles + "\n" }
        return frame.text + "\n--- roles (see Role)\n" + frame.roleMap + "\n" + styles + "\n"
    }

    /// Checks the frame against Golden/<name>.txt. With `STRATA_UPDATE_GOLDEN=1` it writes the file and fails,
    /// as snapshot libraries do, so that recording is never mistaken for a passing test.
    static func check(
        _ frame: Frame, _ name: String, monochrome: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent("\(name).txt")
        let actual = text(of: frame, monochrome: monochrome)
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded \(name).txt (STRATA_UPDATE_GOLDEN=1); read it, then run the tests without it",
                sourceLocation: sourceLocation)
            return
        }
        let expected = try? String(contentsOf: url, encoding: .utf8)
        #expect(
            expected != nil, "missing golden \(url.path); run with STRATA_UPDATE_GOLDEN=1 to create it",
            sourceLocation: sourceLocation)
        guard let expected, expected != actual else { return }
        Issue.record(
            "frame differs from \(name).txt (- expected, + actual):\n\(lineDiff(expected, actual))",
            sourceLocation: sourceLocation)
    }

    /// Every line that differs, numbered, as `-` (expected) and `+` (actual) pairs; lines only one side has
    /// (a frame that gained or lost lines) show against nothing.
    static func lineDiff(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? old[index] : nil
            let after = index < new.count ? new[index] : nil
            guard before != after else { continue }
            if let before { lines.append(String(format: "%4d - ", index + 1) + before) }
            if let after { lines.append(String(format: "%4d + ", index + 1) + after) }
        }
        return lines.joined(separator: "\n")
    }
}
