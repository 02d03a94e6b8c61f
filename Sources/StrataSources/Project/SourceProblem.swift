import Foundation

/// A finding in an app's sources at a place: printed as the compiler prints a diagnostic
/// (`path:line:column: error: message`), so editors and CI annotate the line.
package struct SourceProblem: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Where it is.
    package let location: SourceLocation
    /// What is wrong and how to fix it.
    package let message: String
    /// "error" or "warning".
    package let severity: String

    /// A problem at `location`.
    package init(_ location: SourceLocation, _ message: String, severity: String = "error") {
        self.location = location
        self.message = message
        self.severity = severity
    }

    /// "Models/Item.swift:12:5: error: message".
    package var description: String { "\(location): \(severity): \(message)" }

    /// The problem with its file named as the user named its folder: a file inside `folder` (the absolute path read)
    /// starts with `given` (`JournalApp`, as typed) instead; any other file stays as it is.
    package func named(inside folder: URL, as given: String) -> SourceProblem {
        let root = folder.standardizedFileURL.path
        guard location.file.isInside(root), given != root else { return self }
        let file = (given.hasSuffix("/") ? given : given + "/") + FilePath.relative(location.file, to: root)
        return SourceProblem(
            SourceLocation(file: file, line: location.line, column: location.column), message, severity: severity)
    }
}
