import Foundation
import SwiftSyntax

/// Two declarations of one type in files built together, which the compiler rejects ("invalid redeclaration"): in a
/// folder without a project, usually a stale copy the app no longer compiles. Reported at the later declaration,
/// naming the one read.
enum Redeclarations {
    /// A problem for each type declared again in files `files` builds together: an error when the type is one of
    /// `reached` (the plans depend on it, see ``ReachedTypes``), a warning otherwise; declarations in different
    /// branches of one `#if` are not counted.
    static func problems(
        _ redeclared: [(read: DeclarationIndex.TypeDecl, again: DeclarationIndex.TypeDecl)], files: CompiledFiles,
        reached: Set<String>
    ) -> [SourceProblem] {
        redeclared.compactMap { read, again in
            guard files.compiledTogether(read.file.path, again.file.path), !inOtherBranches(read.node, again.node)
            else { return nil }
            let globs = [read.file.path, again.file.path].map { "--exclude '\(files.relativePath($0))'" }
            let why =
                files.readsEveryFile
                ? "no Xcode project or Package.swift in the folder or the three above it says which one the app compiles"
                : "target \(files.targets(of: read.file.path).filter(files.targets(of: again.file.path).contains).joined(separator: ", ")) compiles both"
            return SourceProblem(
                again.file.location(of: again.node),
                "\(read.name) is declared twice, here and at \(read.file.location(of: read.node)) (which Strata read); \(why), and the compiler rejects two declarations of one type. Delete the stale one, or leave it out with \(globs[1]) or \(globs[0])"
                    + (reached.contains(read.name) ? "" : " (no plan, schema or model uses it, so reading goes on)"),
                severity: reached.contains(read.name) ? "error" : "warning"
            )
        }
    }

    /// True when the two declarations sit in different clauses of one `#if` (only one of them is compiled).
    private static func inOtherBranches(_ first: DeclSyntax, _ second: DeclSyntax) -> Bool {
        func clauses(_ node: DeclSyntax) -> [IfConfigClauseSyntax] {
            var found: [IfConfigClauseSyntax] = []
            var parent = node.parent
            while let current = parent {
                if let clause = current.as(IfConfigClauseSyntax.self) { found.append(clause) }
                parent = current.parent
            }
            return found
        }
        let theirs = clauses(second)
        return clauses(first).contains { clause in
            theirs.contains { $0.parent == clause.parent && $0.id != clause.id }
        }
    }
}
