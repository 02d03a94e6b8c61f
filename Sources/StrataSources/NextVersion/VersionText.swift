import Strata
import SwiftSyntax

/// The Swift `strata next-version` writes for versions and plans, in the shape public apps write them: one enum per
/// version with `static let versionIdentifier` and `static var models`, its frozen models nested in it, and a plan
/// enum with `schemas` and `stages` getters.
enum VersionText {
    /// `Schema.Version(2, 0, 0)`.
    static func identifier(_ version: Schema.Version) -> String {
        "Schema.Version(\(version.major), \(version.minor), \(version.patch))"
    }

    /// A versioned schema enum named `name` at `version` listing `models`, with `members` (already indented) after.
    static func version(_ name: String, _ version: Schema.Version, models: [String], members: String) -> String {
        """
        enum \(name): VersionedSchema {
            static let versionIdentifier = \(identifier(version))
            static var models: [any PersistentModel.Type] {
                [\(models.map { "\($0).self" }.joined(separator: ", "))]
            }
        \(members.isEmpty ? "" : "\n" + members)}
        """
    }

    /// A new plan enum listing `schemas`, with `stages` (names of static members) and their declarations.
    static func plan(_ name: String, schemas: [String], stages: [String], declarations: [String]) -> String {
        """
        enum \(name): SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] {
                [\(schemas.map { "\($0).self" }.joined(separator: ", "))]
            }

            static var stages: [MigrationStage] {
                [\(stages.joined(separator: ", "))]
            }
        \(declarations.map { "\n" + indented($0, by: "    ") }.joined())}
        """
    }

    /// A file: its imports, a blank line, then `body`.
    static func file(imports: [String], _ body: String) -> String {
        (imports.isEmpty ? "" : imports.joined(separator: "\n") + "\n\n") + body + "\n"
    }

    /// The `import` lines of `files`, each once, in order; SwiftData's and Foundation's first when none is there.
    static func imports(of files: [SourceFile]) -> [String] {
        var lines: [String] = []
        for file in files {
            for item in file.tree.statements {
                guard case .decl(let decl) = item.item, let importDecl = decl.as(ImportDeclSyntax.self) else {
                    continue
                }
                let line = importDecl.trimmedDescription
                if !lines.contains(line) { lines.append(line) }
            }
        }
        for needed in ["import SwiftData", "import Foundation"] where !lines.contains(needed) {
            lines.insert(needed, at: 0)
        }
        return lines
    }

    /// `declarations` as members of an enum: each indented one level, separated by blank lines.
    static func members(_ declarations: [String], indent: String = "    ") -> String {
        declarations.map { indented($0, by: indent) + "\n" }.joined(separator: "\n")
    }

    /// A declaration's text as written (its attributes and doc comment included), its lines re-indented so the first
    /// starts at column 1: what is copied into a frozen version.
    static func copy(of node: some SyntaxProtocol) -> String {
        let leading = node.leadingTrivia.pieces.reduce(into: "") { text, piece in
            switch piece {
            case .docLineComment(let line): text += line + "\n"
            default: break
            }
        }
        let body = node.trimmedDescription
        // The declaration's own column: continuation lines drop as much indentation as it had.
        let column = node.leadingTrivia.pieces.reversed().prefix { if case .spaces = $0 { true } else { false } }
            .reduce(0) { total, piece in if case .spaces(let count) = piece { total + count } else { total } }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, line in
            offset == 0 ? String(line) : String(line.dropFirst(min(column, line.prefix { $0 == " " }.count)))
        }
        return leading + lines.joined(separator: "\n")
    }

    /// `text` with every non-empty line prefixed by `indent`.
    static func indented(_ text: String, by indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
            .joined(separator: "\n")
    }
}
