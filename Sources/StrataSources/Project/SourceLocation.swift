/// A place in an app's source file, printed as the compiler prints diagnostics' places: `path:line:column`.
package struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file's path.
    package let file: String
    /// The line, from 1.
    package let line: Int
    /// The column, from 1.
    package let column: Int

    /// "Models/Item.swift:12:5".
    package var description: String { "\(file):\(line):\(column)" }
}
