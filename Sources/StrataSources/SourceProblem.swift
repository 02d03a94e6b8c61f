/// A finding in an app's sources at a place: printed as the compiler prints a diagnostic
/// (`path:line:column: error: message`), so editors and CI annotate the line.
public struct SourceProblem: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Where it is.
    public let location: SourceLocation
    /// What is wrong and how to fix it.
    public let message: String
    /// "error" or "warning".
    public let severity: String

    /// A problem at `location`.
    public init(_ location: SourceLocation, _ message: String, severity: String = "error") {
        self.location = location
        self.message = message
        self.severity = severity
    }

    /// "Models/Item.swift:12:5: error: message".
    public var description: String { "\(location): \(severity): \(message)" }
}
