import Foundation
import SwiftSyntax

/// The target calls a Tuist `Project.swift` makes, read without running it: its own `Target(…)`/`.target(…)` calls,
/// and those of the functions it calls that are declared in it or in `Tuist/ProjectDescriptionHelpers`
/// (`Project.app(name: "Habits")` making `.target(name: name, sources: ["Targets/\(name)/Sources/**"])`), with the
/// string values the calls give their parameters. A target whose name only running the manifest gives (a loop's
/// element, a computed value) is named in ``unread``.
struct TuistTargets {
    /// A target call, with the values the names written in it stand for.
    struct Found {
        /// The call.
        let call: FunctionCallExprSyntax
        /// The string values of the parameters in scope, by name.
        let values: [String: String]
    }

    /// A function a helper declares, with where it is.
    private struct Function {
        let decl: FunctionDeclSyntax
        let file: String
        let converter: SourceLocationConverter
    }

    /// How many helper calls deep the reading follows.
    static let depthLimit = 6

    /// The target calls found, in the order the manifest makes them.
    private(set) var found: [Found] = []
    /// The first `Project(…)` call made, with its values.
    private(set) var project: Found?
    /// The targets that could not be read, one phrase each ("Project.swift:12 makes a target named by `name`, …").
    private(set) var unread: [String] = []
    private let functions: [String: Function]

    /// The target calls of `manifest` (the text of `file`, at `path`), following the functions it and the helper
    /// files under `root` declare; throws when one of them nests too deep to parse (`SourceFile.tree`).
    init(manifest: String, file: String, path: String, root: String) throws {
        var trees: [(String, SourceFileSyntax)] = [(file, try SourceFile.tree(of: manifest, path: path))]
        let helpers = FilePath.join(root, "Tuist/ProjectDescriptionHelpers")
        let paths = (FileManager.default.enumerator(atPath: helpers)?.compactMap { $0 as? String } ?? []).sorted()
        for path in paths where path.hasSuffix(".swift") {
            let location = FilePath.join(helpers, path)
            guard let data = FileManager.default.contents(atPath: location), data.count < 1 << 20 else { continue }
            trees.append(
                (
                    "Tuist/ProjectDescriptionHelpers/" + path,
                    try SourceFile.tree(of: String(decoding: data, as: UTF8.self), path: location)
                ))
        }
        var functions: [String: Function] = [:]
        for (name, tree) in trees {
            let converter = SourceLocationConverter(fileName: name, tree: tree)
            for decl in Declarations(tree).found where functions[decl.name.text] == nil {
                functions[decl.name.text] = Function(decl: decl, file: name, converter: converter)
            }
        }
        self.functions = functions
        let (name, tree) = trees[0]
        read(Syntax(tree), file: name, converter: SourceLocationConverter(fileName: name, tree: tree), values: [:])
    }

    /// The string a target call's argument writes with `values` for the names in it: a literal, an interpolation of
    /// names with values, or a name with a value; nil otherwise.
    static func string(_ expression: ExprSyntax, values: [String: String]) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return values[reference.baseName.text] }
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                text += plain.content.text
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
                interpolation.expressions.count == 1, let inner = interpolation.expressions.first,
                inner.label == nil, let value = string(inner.expression, values: values)
            {
                text += value
            } else {
                return nil
            }
        }
        return text
    }

    /// Reads the calls under `node` (in `file`), following helper calls into their bodies.
    private mutating func read(
        _ node: Syntax, file: String, converter: SourceLocationConverter, values: [String: String], depth: Int = 0
    ) {
        for call in Calls(node).found {
            let callee = call.calledExpression.trimmedDescription
            let last = String(callee.split(separator: ".").last ?? "")
            if callee == "Project" || callee == "Project.init", project == nil {
                project = Found(call: call, values: values)
            }
            if let function = functions[last], let body = function.decl.body, !Self.isDependency(call) {
                if depth < Self.depthLimit {
                    read(
                        Syntax(body), file: function.file, converter: function.converter,
                        values: Self.bindings(of: call, to: function.decl, values: values), depth: depth + 1)
                }
                continue
            }
            let labels = Set(call.arguments.compactMap { $0.label?.text })
            // Tuist's own target calls, and the helpers projects write around them (`Project.makeModule(name:…,
            // sources:…)`) when their declaration is not at hand: a call naming a target and its sources.
            let isTarget =
                ["Target", "Target.init", ".target", "Target.target"].contains(callee) || labels.contains("sources")
            guard isTarget, let name = call.arguments.first(where: { $0.label?.text == "name" }),
                !Self.isDependency(call)
            else { continue }
            if Self.string(name.expression, values: values) != nil {
                found.append(Found(call: call, values: values))
            } else {
                let line = call.startLocation(converter: converter).line
                unread.append(
                    "\(file):\(line) makes a target named by `\(name.expression.trimmedDescription)`, which only running the manifest gives"
                )
            }
        }
    }

    /// The values of `function`'s parameters in `call`: each argument (by label, or in order when unlabelled) or
    /// default that reads as a string with `values`.
    private static func bindings(
        of call: FunctionCallExprSyntax, to function: FunctionDeclSyntax, values: [String: String]
    ) -> [String: String] {
        var bound: [String: String] = [:]
        var unlabelled = call.arguments.filter { $0.label == nil }.makeIterator()
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.text
            let argument =
                label == "_" ? unlabelled.next() : call.arguments.first { $0.label?.text == label }
            let inner = (parameter.secondName ?? parameter.firstName).text
            if let argument {
                bound[inner] = string(argument.expression, values: values)
            } else if let value = parameter.defaultValue?.value {
                bound[inner] = string(value, values: [:])
            }
        }
        return bound
    }

    /// True for a call inside a `dependencies:` argument (`.target(name: "App")` naming a target depended on).
    private static func isDependency(_ node: some SyntaxProtocol) -> Bool { isInside("dependencies", node) }

    /// True when `node` is inside an argument labelled `label`.
    static func isInside(_ label: String, _ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let labeled = current.as(LabeledExprSyntax.self), labeled.label?.text == label { return true }
            parent = current.parent
        }
        return false
    }

    /// The function declarations of a file, nested in types and extensions too.
    private final class Declarations: SyntaxVisitor {
        private(set) var found: [FunctionDeclSyntax] = []

        init(_ tree: SourceFileSyntax) {
            super.init(viewMode: .sourceAccurate)
            walk(tree)
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            found.append(node)
            return .skipChildren
        }
    }

    /// The calls under a node in source order, but those in the functions it declares (read when called).
    private final class Calls: SyntaxVisitor {
        private(set) var found: [FunctionCallExprSyntax] = []

        init(_ node: Syntax) {
            super.init(viewMode: .sourceAccurate)
            walk(node)
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            found.append(node)
            return .visitChildren
        }
    }
}
