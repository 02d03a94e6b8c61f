import SwiftSyntax

/// An `#if` in a plan, a versioned schema, a model or a type one stores, and the branch the app's build compiles:
/// `Plan.swift:12:5: #if os(watchOS): the #else branch is read (iOS)`.
package struct ConditionalBranch: Hashable, Sendable, CustomStringConvertible {
    /// Where the `#if` is.
    package let location: SourceLocation
    /// Its first condition as written (`os(watchOS)`).
    package let condition: String
    /// The branch read ("the #else branch").
    package let chosen: String
    /// The platform evaluated for ("iOS").
    package let platform: String

    /// "Plan.swift:12:5: #if os(watchOS): the #else branch is read (iOS)".
    package var description: String { "\(location): #if \(condition): \(chosen) is read (\(platform))" }

    /// The `#if`s of `files` inside a type of `reached` (qualified names) or at the top level of a file declaring
    /// one, in file order.
    static func read(in files: [SourceFile], reached: Set<String>, build: SourceBuild) -> [ConditionalBranch] {
        files.flatMap { file -> [ConditionalBranch] in
            conditionals(in: file, reached: reached, includingTopLevel: true).compactMap { conditional in
                guard let condition = conditional.clauses.first?.condition else { return nil }
                return ConditionalBranch(
                    location: file.location(of: conditional), condition: condition.trimmedDescription,
                    chosen: build.describeChoice(of: conditional), platform: build.platform.osName)
            }
        }
    }

    /// The `#if`s of `file` inside a type of `reached` and, with `includingTopLevel`, at the top level of a file
    /// declaring one, in file order.
    static func conditionals(in file: SourceFile, reached: Set<String>, includingTopLevel: Bool)
        -> [IfConfigDeclSyntax]
    {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(file.tree)
        let declaresReached = includingTopLevel && finder.typeNames.contains { reached.contains($0) }
        return finder.found.compactMap { conditional, enclosing in
            enclosing.map(reached.contains) ?? declaresReached ? conditional : nil
        }
    }

    /// Collects the `#if`s of a file with the qualified name of the type (or extended type) around each, and the
    /// qualified names of the types it declares.
    private final class Finder: SyntaxVisitor {
        var found: [(IfConfigDeclSyntax, String?)] = []
        var typeNames: [String] = []

        override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
            found.append((node, Self.enclosingType(of: Syntax(node))))
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declared(node) }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declared(node) }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declared(node) }

        private func declared(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
            if let name = Self.enclosingType(of: Syntax(node), including: true) { typeNames.append(name) }
            return .visitChildren
        }

        /// The qualified name of the types and extensions around `node` (and of `node` itself when `including`).
        static func enclosingType(of node: Syntax, including: Bool = false) -> String? {
            var names: [String] = []
            var current: Syntax? = including ? node : node.parent
            while let syntax = current {
                if let decl = syntax.as(ClassDeclSyntax.self) {
                    names.insert(decl.name.text, at: 0)
                } else if let decl = syntax.as(StructDeclSyntax.self) {
                    names.insert(decl.name.text, at: 0)
                } else if let decl = syntax.as(EnumDeclSyntax.self) {
                    names.insert(decl.name.text, at: 0)
                } else if let decl = syntax.as(ExtensionDeclSyntax.self) {
                    names.insert(decl.extendedType.trimmedDescription, at: 0)
                }
                current = syntax.parent
            }
            return names.isEmpty ? nil : names.joined(separator: ".")
        }
    }
}
