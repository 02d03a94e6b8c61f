import SwiftParser
import SwiftSyntax

/// One Swift file of an app, parsed (swift-syntax parses any text; a file that does not compile still yields a tree).
struct SourceFile {
    /// The file's path.
    let path: String
    /// The parsed tree.
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter

    /// The line where the tree nests deeper than `maximumDepth`, or nil; such a file's tree is left empty, since
    /// swift-syntax's own recursive walks (the location converter among them) would overflow the stack on it.
    let tooDeepAtLine: Int?

    /// The deepest syntax tree read (levels of nodes): a chain of 10,000 member accesses (`x.y.y…`) nests about
    /// 20,000 levels and overflows the 8 MiB main stack in swift-syntax; real files stay far below 200.
    static let maximumDepth = 1_500

    /// Parses `text` as the file at `path`.
    init(path: String, text: String) {
        self.path = path
        (tree, tooDeepAtLine) = Self.parsed(text)
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// Parses `text` (the file at `path`) within the limits below; throws `SourceReadingError.tooDeep` for a file
    /// beyond them. Every reader of Swift text a stranger wrote (sources, `Package.swift`, Tuist manifests) parses
    /// through this or `init(path:text:)`.
    static func tree(of text: String, path: String) throws -> SourceFileSyntax {
        let (tree, line) = parsed(text)
        if let line { throw SourceReadingError.tooDeep(path, line: line) }
        return tree
    }

    /// `text` parsed, or an empty tree and the line where it goes beyond the limits. A NUL is read as a space, as the
    /// compiler skips it ("nul character embedded in middle of file"): the offsets and lines stay, and swift-syntax's
    /// recovery, which took 11 s on a megabyte of NUL in the debug build, is not entered.
    private static func parsed(_ text: String) -> (SourceFileSyntax, Int?) {
        let text = text.utf8.contains(0) ? text.replacingOccurrences(of: "\u{0}", with: " ") : text
        if let line = line(bracketsDeeperThan: maximumBrackets, in: text) {
            // swift-syntax's lookahead (`[[[…` read as a collection type) recurses without its nesting limit, and
            // tries both readings at each `[`: its time doubles with each square bracket open at once.
            return (Parser.parse(source: ""), line)
        }
        let parsed = Parser.parse(source: text)
        if let offset = offset(deeperThan: maximumDepth, in: parsed) {
            return (Parser.parse(source: ""), text.utf8.prefix(offset).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 })
        }
        return (parsed, nil)
    }

    /// The most brackets (`(`, `[`, `{`) open at once in a file read: 10,000 `[` overflow the stack in swift-syntax's
    /// parser; real files open a few dozen. Brackets in strings and comments count too.
    static let maximumBrackets = 1_000

    /// The most square brackets open at once in a file read: swift-syntax's parse time doubles with each (15 take
    /// 0.3 s, 20 take 7 s, measured on this machine's debug build); real files open three or four.
    static let maximumSquareBrackets = 16

    /// The line where more than `limit` brackets (or more than `maximumSquareBrackets` square ones) are open at once,
    /// or nil.
    static func line(bracketsDeeperThan limit: Int, in text: String) -> Int? {
        var depth = 0
        var square = 0
        var line = 1
        for byte in text.utf8 {
            switch byte {
            case 0x28, 0x5B, 0x7B:
                depth += 1
                if byte == 0x5B { square += 1 }
                if depth > limit || square > maximumSquareBrackets { return line }
            case 0x29, 0x5D, 0x7D:
                depth = max(0, depth - 1)
                if byte == 0x5D { square = max(0, square - 1) }
            case 0x0A: line += 1
            default: break
            }
        }
        return nil
    }

    /// The UTF-8 offset of the first node deeper than `limit`, found without recursion, or nil.
    static func offset(deeperThan limit: Int, in tree: SourceFileSyntax) -> Int? {
        var stack: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return node.position.utf8Offset }
            for child in node.children(viewMode: .all) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// Where `node` starts (after its leading trivia).
    func location(of node: some SyntaxProtocol) -> SourceLocation {
        let location = node.startLocation(converter: converter)
        return SourceLocation(file: path, line: location.line, column: location.column)
    }
}
