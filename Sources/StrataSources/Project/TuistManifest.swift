import Foundation
import SwiftSyntax

/// Tuist's `Project.swift`, read without running it as the Xcode project it generates (the repository holds no
/// `.pbxproj`): each `Target(…)`/`.target(…)` call's name (or a project helper's call with `name:` and `sources:`,
/// such as `Project.makeModule(name:sources:)`), the helpers' own calls when they are declared in it or in
/// `Tuist/ProjectDescriptionHelpers` (``TuistTargets``), the globs of its `sources:` with their `excluding:`
/// (`.relativeToRoot` paths from the folder holding `Tuist.swift`, `Tuist/` or `Workspace.swift`), and the
/// `SWIFT_VERSION` and `SWIFT_ACTIVE_COMPILATION_CONDITIONS` its settings (or the project's) write as literals.
enum TuistManifest {
    /// The manifest's file name.
    static let fileName = "Project.swift"

    /// The project `url` (a `Project.swift`) generates; throws when it cannot be read.
    static func project(at url: URL) throws -> XcodeProject {
        let text = try NamedFile.readText(at: url.path)
        let folder = url.deletingLastPathComponent().standardizedFileURL.path
        let root = tuistRoot(from: folder) ?? folder
        let file = url.lastPathComponent
        let calls = try TuistTargets(manifest: text, file: file, path: url.path, root: root)
        let projectSettings = calls.project.flatMap { argument("settings", of: $0.call) }
        let targets = calls.found.compactMap { found -> XcodeProject.Target? in
            let call = found.call
            guard let name = argument("name", of: call).flatMap({ TuistTargets.string($0, values: found.values) })
            else { return nil }
            var result = XcodeProject.Target(name: name)
            if let sources = argument("sources", of: call) {
                result.globs = globs(in: sources, values: found.values, folder: folder, root: root)
            }
            let version = "SWIFT_VERSION"
            if let value = argument("settings", of: call).flatMap({ setting(version, in: $0) }) {
                result.languageMode = SwiftLanguageMode(
                    isSwift6: XcodeGenSpec.isSwift6(value),
                    decidedBy: "target \(name) in \(file): \(version) = \(value) on the target")
            } else if let value = projectSettings.flatMap({ setting(version, in: $0) }) {
                result.languageMode = SwiftLanguageMode(
                    isSwift6: XcodeGenSpec.isSwift6(value),
                    decidedBy: "target \(name) in \(file): \(version) = \(value) on the project, not set on the target")
            } else {
                result.languageMode = SwiftLanguageMode(
                    isSwift6: false, decidedBy: "target \(name) in \(file) sets no \(version)")
            }
            let conditions = "SWIFT_ACTIVE_COMPILATION_CONDITIONS"
            let words =
                argument("settings", of: call).flatMap { setting(conditions, in: $0) }
                ?? projectSettings.flatMap { setting(conditions, in: $0) } ?? ""
            result.conditions = Set(words.split(separator: " ").map(String.init).filter { $0 != "$(inherited)" })
            return result
        }
        return XcodeProject(name: file, targets: targets, unread: calls.unread)
    }

    /// The nearest folder from `folder` up holding `Tuist.swift`, `Tuist/` or `Workspace.swift`.
    static func tuistRoot(from folder: String) -> String? {
        var directory = folder
        while true {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if names.contains("Tuist.swift") || names.contains("Tuist") || names.contains("Workspace.swift") {
                return directory
            }
            let parent = FilePath.join(directory, "..")
            guard parent != directory else { return nil }
            directory = parent
        }
    }

    /// The globs a `sources:` argument writes (with `values` for the names interpolated): each string literal is a
    /// glob, those under an `excluding:` label exclude from the glob before them.
    private static func globs(in sources: ExprSyntax, values: [String: String], folder: String, root: String)
        -> [(folder: String, include: SourceGlob, excludes: [SourceGlob])]
    {
        var found: [(folder: String, include: SourceGlob, excludes: [SourceGlob])] = []
        for node in Nodes(sources, StringLiteralExprSyntax.self).found {
            guard let text = TuistTargets.string(ExprSyntax(node), values: values), let glob = SourceGlob(text) else {
                continue
            }
            if TuistTargets.isInside("excluding", node) {
                if let last = found.indices.last { found[last].excludes.append(glob) }
            } else {
                found.append((isRelativeToRoot(node) ? root : folder, glob, []))
            }
        }
        return found
    }

    /// True when `node` is the argument of `.relativeToRoot(…)`.
    private static func isRelativeToRoot(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent, !current.is(ArrayExprSyntax.self) {
            if let call = current.as(FunctionCallExprSyntax.self),
                call.calledExpression.trimmedDescription.hasSuffix("relativeToRoot")
            {
                return true
            }
            parent = current.parent
        }
        return false
    }

    /// The value a settings expression writes for `key`: `"KEY": "value"` in a dictionary literal, or
    /// `.swiftVersion("value")` for `SWIFT_VERSION`; the words of a list value joined by spaces.
    private static func setting(_ key: String, in settings: ExprSyntax) -> String? {
        for element in Nodes(settings, DictionaryElementSyntax.self).found
        where TuistTargets.string(element.key, values: [:]) == key {
            let words = Nodes(element.value, StringLiteralExprSyntax.self).found.compactMap {
                TuistTargets.string(ExprSyntax($0), values: [:])
            }
            if !words.isEmpty { return words.joined(separator: " ") }
        }
        guard key == "SWIFT_VERSION" else { return nil }
        for call in Nodes(settings, FunctionCallExprSyntax.self).found
        where call.calledExpression.trimmedDescription.hasSuffix("swiftVersion") {
            if let value = call.arguments.first.flatMap({ TuistTargets.string($0.expression, values: [:]) }) {
                return value
            }
        }
        return nil
    }

    /// The argument labelled `label` of `call`.
    private static func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// The nodes of one kind under a node, in source order.
    final class Nodes<Kind: SyntaxProtocol>: SyntaxAnyVisitor {
        /// The nodes found.
        private(set) var found: [Kind] = []

        init(_ node: some SyntaxProtocol, _ kind: Kind.Type) {
            super.init(viewMode: .sourceAccurate)
            walk(node)
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if let match = node.as(Kind.self) { found.append(match) }
            return .visitChildren
        }
    }
}
