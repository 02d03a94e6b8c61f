import Foundation

/// A lint finding on a Core Data model at its place (the `contents` or `xcmapping.xml` file and line), printed as a
/// compiler prints a diagnostic.
public struct ModelFinding: Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// True for an error (Core Data would fail), false for a warning.
    public let isError: Bool
    /// What is wrong and what to do.
    public let message: String

    /// A finding at `file`:`line`.
    package init(file: String, line: Int, isError: Bool, message: String) {
        self.file = file
        self.line = line
        self.isError = isError
        self.message = message
    }

    /// "error" or "warning".
    public var severity: String { isError ? "error" : "warning" }

    /// "path:line:1: error: message".
    public var description: String { "\(file):\(line):1: \(severity): \(message)" }
}
