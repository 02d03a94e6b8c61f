import SwiftSyntax

/// The text of an app's file as the compiled level builds it: `import SwiftData` becomes `import Strata`, imports of
/// modules Linux lacks (``AppleModules``) become `import Strata` too (Strata re-exports Foundation, as they do),
/// `SwiftData.` qualified names become `Strata.`, and the top-level items the plans do not need are blanked. Lines and
/// columns stay where they were, so the compiler's diagnostics point into the original file.
struct CompiledSourceText {
    /// The rewritten text.
    let text: String
    /// The modules whose imports were dropped, with the line of each import.
    let dropped: [(module: String, line: Int)]

    /// The rewritten text of `file`, keeping the items `keep` says are needed (one flag per top-level item).
    init(of file: SourceFile, keeping keep: [Bool]) {
        var bytes = Array(file.tree.syntaxTextBytes)
        var replacements: [(Range<Int>, [UInt8])] = []
        var dropped: [(module: String, line: Int)] = []
        for (item, kept) in zip(file.tree.statements, keep) {
            let range = item.position.utf8Offset..<item.endPosition.utf8Offset
            guard kept else {
                replacements.append((range, Self.blank(bytes[range])))
                continue
            }
            if let importDecl = item.item.as(ImportDeclSyntax.self), let module = importDecl.path.first?.name.text,
                AppleModules.unavailable.contains(module)
            {
                let start = importDecl.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = importDecl.endPositionBeforeTrailingTrivia.utf8Offset
                replacements.append((start..<end, Array("import Strata".utf8)))
                dropped.append((module, file.location(of: importDecl).line))
                continue
            }
            for token in item.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("SwiftData") {
                let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
                replacements.append((start..<start + "SwiftData".utf8.count, Array("Strata".utf8)))
            }
        }
        for (range, replacement) in replacements.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: replacement)
        }
        text = String(decoding: bytes, as: UTF8.self)
        self.dropped = dropped
    }

    /// Spaces in place of every character but line breaks.
    private static func blank(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? $0 : UInt8(ascii: " ") }
    }
}
