import SwiftSyntax

/// The text of an app's file as the compiled level builds it: `import SwiftData` becomes `import Strata`, imports of
/// modules Linux lacks (``AppleModules``) become `import Strata` too (Strata re-exports Foundation, as they do; SwiftUI's
/// becomes `import Strata; import Observation`, as SwiftUI re-exports Observation), those modules' attributes
/// (`@Generable`) are blanked, `SwiftData.` qualified names become `Strata.`, the top-level items the plans do not need
/// are blanked, and so are the members of needed types no needed code uses that name an Apple-only type (or their
/// bodies, see ``StageReach``), a file importing nothing imports Foundation (as its framework's umbrella header
/// gave it), and each `#if` inside a type the plans depend on keeps only the clause the static level read (for the
/// app's platform, not Linux), so both levels see the same models. Lines and columns stay where they were, so the compiler's diagnostics point into
/// the original file.
struct CompiledSourceText {
    /// The rewritten text.
    let text: String
    /// The modules whose imports were dropped, with the line of each import.
    let dropped: [(module: String, line: Int)]
    /// The attributes of those modules blanked, with the line of each.
    let droppedAttributes: [(attribute: String, module: String, line: Int)]

    /// The rewritten text of `file`, keeping the items `keep` says are needed (one flag per top-level item) but the
    /// members in `dropping` (byte ranges, blanked), the bodies in `stubbing` (blanked after the text each gets), and
    /// of each `#if` of `conditionals` the clause `build` compiles.
    init(
        of file: SourceFile, keeping keep: [Bool], dropping members: [Range<Int>] = [],
        stubbing stubs: [(body: Range<Int>, text: String)] = [], resolving conditionals: [IfConfigDeclSyntax] = [],
        build: SourceBuild = SourceBuild()
    ) {
        var bytes = Array(file.tree.syntaxTextBytes)
        // Inactive clauses and the directives of the active one are blanked in place (same length), and so are the
        // members left out and the bodies stubbed.
        let blanked = Self.inactiveRanges(conditionals, build: build) + members + stubs.map(\.body)
        for range in blanked { bytes.replaceSubrange(range, with: Self.blank(bytes[range])) }
        var replacements: [(Range<Int>, [UInt8])] = stubs.map {
            ($0.body.lowerBound..<$0.body.lowerBound, Array($0.text.utf8))
        }
        var dropped: [(module: String, line: Int)] = []
        let droppedModules = Set(
            zip(file.tree.statements, keep).compactMap { item, kept in
                kept ? item.item.as(ImportDeclSyntax.self)?.path.first?.name.text : nil
            }
            .filter { AppleModules.unavailable.contains($0) })
        var droppedAttributes: [(attribute: String, module: String, line: Int)] = []
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
                let imports = ["Strata"] + AppleModules.reexported(by: module)
                replacements.append((start..<end, Array(imports.map { "import \($0)" }.joined(separator: "; ").utf8)))
                dropped.append((module, file.location(of: importDecl).line))
                continue
            }
            for attribute in AppleAttributeFinder(modules: droppedModules, in: item).found {
                let start = attribute.node.positionAfterSkippingLeadingTrivia.utf8Offset
                guard !blanked.contains(where: { $0.contains(start) }) else { continue }
                let range = start..<attribute.node.endPositionBeforeTrailingTrivia.utf8Offset
                replacements.append((range, Self.blank(bytes[range])))
                droppedAttributes.append(
                    (attribute.name, attribute.module, file.location(of: attribute.node).line))
            }
            for token in item.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("SwiftData") {
                let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
                guard !blanked.contains(where: { $0.contains(start) }) else { continue }
                replacements.append((start..<start + "SwiftData".utf8.count, Array("Strata".utf8)))
            }
        }
        for (range, replacement) in replacements.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: replacement)
        }
        // A file importing nothing relied on what its target imports for it (a framework's umbrella header imports
        // Foundation): it imports Foundation here, after its last line, so the lines stay where they were.
        let importsNothing = !file.tree.statements.contains { $0.item.is(ImportDeclSyntax.self) }
        text = String(decoding: bytes, as: UTF8.self) + (importsNothing ? "\nimport Foundation\n" : "")
        self.dropped = dropped
        self.droppedAttributes = droppedAttributes
    }

    /// The byte ranges to blank so that each of `conditionals` keeps only its active clause's elements: the other
    /// clauses whole, the active clause's `#if`/`#elseif`/`#else` line, the `#endif`. A conditional inside a clause
    /// blanked whole is left to it.
    private static func inactiveRanges(_ conditionals: [IfConfigDeclSyntax], build: SourceBuild) -> [Range<Int>] {
        let resolved = Set(conditionals.map(\.id))
        var ranges: [Range<Int>] = []
        for conditional in conditionals {
            var inInactive = false
            var parent = conditional.parent
            while let node = parent {
                if let clause = node.as(IfConfigClauseSyntax.self),
                    let owner = clause.parent?.parent?.as(IfConfigDeclSyntax.self), resolved.contains(owner.id),
                    build.activeClause(of: owner)?.id != clause.id
                {
                    inInactive = true
                }
                parent = node.parent
            }
            guard !inInactive else { continue }
            let active = build.activeClause(of: conditional)
            for clause in conditional.clauses {
                if clause.id == active?.id {
                    let end = clause.elements?.position.utf8Offset ?? clause.endPosition.utf8Offset
                    ranges.append(clause.position.utf8Offset..<end)
                } else {
                    ranges.append(clause.position.utf8Offset..<clause.endPosition.utf8Offset)
                }
            }
            ranges.append(conditional.poundEndif.position.utf8Offset..<conditional.poundEndif.endPosition.utf8Offset)
        }
        return ranges
    }

    /// Spaces in place of every character but line breaks.
    private static func blank(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? $0 : UInt8(ascii: " ") }
    }
}

/// The attributes of modules whose imports were dropped (``AppleModules/attributes``) in one top-level item.
private final class AppleAttributeFinder: SyntaxVisitor {
    /// The modules whose imports the file dropped.
    private let modules: Set<String>
    /// The attributes found, with their names and modules, in source order.
    private(set) var found: [(node: AttributeSyntax, name: String, module: String)] = []

    /// The attributes of `modules` in `item`.
    init(modules: Set<String>, in item: some SyntaxProtocol) {
        self.modules = modules
        super.init(viewMode: .sourceAccurate)
        if !modules.isEmpty { walk(item) }
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.attributeName.as(IdentifierTypeSyntax.self)?.name.text,
            let module = AppleModules.attributes[name], modules.contains(module)
        {
            found.append((node, name, module))
        }
        return .skipChildren
    }
}
