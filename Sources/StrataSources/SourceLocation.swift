/// A place in an app's source file, printed as the compiler prints diagnostics' places: `path:line:column`.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file's path.
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    /// "Models/Item.swift:12:5".
    public var description: String { "\(file):\(line):\(column)" }
}
