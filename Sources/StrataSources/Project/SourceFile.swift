import SwiftParser
import SwiftSyntax

/// One Swift file of an app, parsed (swift-syntax parses any text; a file that does not compile still yields a tree).
struct SourceFile {
    /// The file's path.
    let path: String
    /// The parsed tree.
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter

    /// Parses `text` as the file at `path`.
    init(path: String, text: String) {
        self.path = path
        tree = Parser.parse(source: text)
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// Where `node` starts (after its leading trivia).
    func location(of node: some SyntaxProtocol) -> SourceLocation {
        let location = node.startLocation(converter: converter)
        return SourceLocation(file: path, line: location.line, column: location.column)
    }
}
