import Foundation
import SwiftSyntax

/// The target calls a Tuist `Project.swift` makes, read without running it: its own `Target(…)`/`.target(…)` calls,
/// and those of the functions it calls that are declared in it or in `Tuist/ProjectDescriptionHelpers`
/// (`Project.app(name: "Habits")` making `.target(name: name, sources: ["Targets/\(name)/Sources/**"])`), with the
/// string values the calls give their parameters, and those made for each string of a list (`modules.map { … }`) or
/// each case of a `CaseIterable` enum (`Module.allCases.map(\.target)`, see ``TuistEnums``). In a type of the TuistUI
/// style (`struct Habits: Module { var body: some Module { … } }`), `typeName` is the type's name. A target whose name
/// only running the manifest gives (a loop's element, a computed value) is named in ``unread``, with its place.
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

    /// How many helper bodies and `map` closures the reading reads in all (a project of a few hundred modules reads
    /// as many): each level can call a helper many times, which `depthLimit` alone lets grow as a power of the depth
    /// (20 calls a level, 6 deep: 67 million bodies).
    static let readLimit = 1_000

    /// The helper bodies and closures the reading may still read.
    private var readsLeft = TuistTargets.readLimit

    /// The target calls found, in the order the manifest makes them.
    private(set) var found: [Found] = []
    /// The first `Project(…)` call made, with its values.
    private(set) var project: Found?
    /// The targets that could not be read, one phrase each ("Project.swift:12 makes a target named by `name`, …").
    private(set) var unread: [String] = []
    private let functions: [String: Function]
    /// The lists of strings the files bind to names (`let modules = ["Core", "Habits"]`), by name.
    private let constants: [String: [String]]
    /// The `CaseIterable` enums the files declare.
    private let enums: TuistEnums

    /// The target calls of `manifest` (the text of `file`, at `path`), following the functions it and the helper
    /// files under `root` declare; throws when one of them nests too deep to parse (`SourceFile.tree`).
    init(manifest: String, file: String, path: String, root: String) throws {
        var trees: [(String, SourceFileSyntax)] = [(file, try SourceFile.tree(of: manifest, path: path))]
        let helpers = FilePath.join(root, "Tuist/ProjectDescriptionHelpers")
        let paths = (FileManager.default.enumerator(atPath: helpers)?.compactMap { $0 as? String } ?? []).sorted()
        for path in paths where path.hasSuffix(".swift") {
            let location = FilePath.join(helpers, path)
            guard case .success(let text) = NamedFile.text(at: location, inside: helpers), text.utf8.count < 1 << 20
            else { continue }
            trees.append(("Tuist/ProjectDescriptionHelpers/" + path, try SourceFile.tree(of: text, path: location)))
        }
        var functions: [String: Function] = [:]
        var lists: [String: [String]] = [:]
        for (name, tree) in trees {
            let converter = SourceLocationConverter(fileName: name, tree: tree)
            for decl in Declarations(tree).found where functions[decl.name.text] == nil {
                functions[decl.name.text] = Function(decl: decl, file: name, converter: converter)
            }
            lists.merge(Lists(tree).lists) { first, _ in first }
        }
        self.functions = functions
        self.constants = lists
        enums = TuistEnums(trees: trees.map(\.1))
        let (name, tree) = trees[0]
        read(
            Syntax(tree), file: name, converter: SourceLocationConverter(fileName: name, tree: tree), values: [:],
            lists: [:])
    }

    /// The string a target call's argument writes with `values` for the names in it: a literal, an interpolation of
    /// names with values, or a name or an element's property (`module.rawValue`) with a value; nil otherwise.
    static func string(_ expression: ExprSyntax, values: [String: String]) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return values[reference.baseName.text] }
        // An element's property (`module.rawValue`, `$0.name`), as its binding gave it.
        if expression.is(MemberAccessExprSyntax.self) { return values[expression.trimmedDescription] }
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

    /// Reads the calls under `node` (in `file`), following helper calls into their bodies, with `values` and `lists`
    /// for the names of strings and lists of strings in scope.
    private mutating func read(
        _ node: Syntax, file: String, converter: SourceLocationConverter, values: [String: String],
        lists: [String: [String]], depth: Int = 0
    ) {
        // The closures of the `map` calls read once per element: their own calls are read there.
        var mapped: [Range<Int>] = []
        for call in Calls(node).found where !mapped.contains(where: { $0.contains(call.position.utf8Offset) }) {
            let callee = call.calledExpression.trimmedDescription
            let last = String(callee.split(separator: ".").last ?? "")
            if let transform = Self.transform(of: call) {
                let range = transform.node.position.utf8Offset..<transform.node.endPosition.utf8Offset
                guard let elements = elements(of: call, values: values, lists: lists) else {
                    // Targets made from a list read nowhere (`Module.allCases.filter { … }.map(\.target)`): named.
                    if Self.isInside("targets", call), !Self.isDependency(call), Calls(transform.node).found.isEmpty {
                        mapped.append(range)
                        let line = call.startLocation(converter: converter).line
                        let written = call.calledExpression.trimmedDescription.split(separator: "\n")
                        unread.append(
                            "\(file):\(line) makes targets from `\(written.first ?? "")\(written.count > 1 ? " …" : "")(…)`, which only running the manifest gives"
                        )
                    }
                    continue
                }
                mapped.append(range)
                for element in elements where spendRead(file: file, converter: converter, at: call) {
                    var bound = values
                    bound[transform.parameter] = element.value
                    for (name, value) in element.properties { bound[transform.parameter + "." + name] = value }
                    if let closure = transform.node.as(ClosureExprSyntax.self) {
                        read(
                            Syntax(closure.statements), file: file, converter: converter, values: bound, lists: lists,
                            depth: depth)
                    }
                    // `Module.allCases.map(featureTarget)`: the function, its parameter bound to the element.
                    if let name = transform.node.as(DeclReferenceExprSyntax.self)?.baseName.text,
                        let function = functions[name], let body = function.decl.body, depth < Self.depthLimit,
                        let parameter = function.decl.signature.parameterClause.parameters.first
                    {
                        let inner = (parameter.secondName ?? parameter.firstName).text
                        var own = [inner: element.value].compactMapValues { $0 }
                        for (key, value) in element.properties { own[inner + "." + key] = value }
                        read(
                            Syntax(body), file: function.file, converter: function.converter, values: own, lists: [:],
                            depth: depth + 1)
                    }
                    // `\.target`, `{ $0.target }`: the case's property, read with the case's strings.
                    if let property = transform.property, let body = element.bodies[property],
                        !Self.isDependency(call)
                    {
                        read(
                            Syntax(body), file: file, converter: converter,
                            values: element.properties.reduce(into: element.properties) {
                                $0["self." + $1.key] = $1.value
                            },
                            lists: lists, depth: depth)
                    }
                }
                continue
            }
            if callee == "Project" || callee == "Project.init", project == nil {
                project = Found(call: call, values: values)
            }
            if let function = functions[last], let body = function.decl.body, !Self.isDependency(call) {
                if depth < Self.depthLimit, spendRead(file: file, converter: converter, at: call) {
                    let bound = bindings(of: call, to: function.decl, values: values, lists: lists)
                    read(
                        Syntax(body), file: function.file, converter: function.converter, values: bound.values,
                        lists: bound.lists, depth: depth + 1)
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
            // TuistUI's `typeName` in a `struct Habits: Module`'s body is the type's name.
            var scoped = values
            if scoped["typeName"] == nil, let owner = Self.enclosingType(of: call) { scoped["typeName"] = owner }
            if Self.string(name.expression, values: scoped) != nil {
                found.append(Found(call: call, values: scoped))
            } else {
                let line = call.startLocation(converter: converter).line
                unread.append(
                    "\(file):\(line) makes a target named by `\(name.expression.trimmedDescription)`, which only running the manifest gives"
                )
            }
        }
    }

    /// True when one more body or closure may be read; once `readLimit` are, false, and said once in ``unread``.
    private mutating func spendRead(file: String, converter: SourceLocationConverter, at call: FunctionCallExprSyntax)
        -> Bool
    {
        readsLeft -= 1
        if readsLeft == -1 {
            let line = call.startLocation(converter: converter).line
            unread.append(
                "\(file):\(line) calls helpers past the \(Self.readLimit) bodies Strata reads, and the targets made there"
            )
        }
        return readsLeft >= 0
    }

    /// What a `map`, `flatMap` or `compactMap` call does with each element: its closure, key path or function, the
    /// name the element goes by in a closure, and the element's property it gives (`\.target`, `{ $0.target }`), if
    /// it is one.
    private static func transform(of call: FunctionCallExprSyntax)
        -> (node: Syntax, parameter: String, property: String?)?
    {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["map", "flatMap", "compactMap"].contains(member.declName.baseName.text), member.base != nil
        else { return nil }
        if let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
            let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)
        {
            return (Syntax(keyPath), "$0", component.declName.baseName.text)
        }
        if let function = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self) {
            return (Syntax(function), "$0", nil)
        }
        guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) else {
            return nil
        }
        var parameter = "$0"
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: parameter = names.first?.name.text ?? parameter
        case .parameterClause(let clause)?: parameter = clause.parameters.first?.firstName.text ?? parameter
        case nil: break
        }
        var property: String?
        if closure.statements.count == 1,
            let access = closure.statements.first?.item.as(ExpressionStmtSyntax.self)?.expression.as(
                MemberAccessExprSyntax.self) ?? closure.statements.first?.item.as(MemberAccessExprSyntax.self),
            access.base?.trimmedDescription == parameter
        {
            property = access.declName.baseName.text
        }
        return (Syntax(closure), parameter, property)
    }

    /// The elements a mapping call maps (`modules.map { … }`, `["Core", "Habits"].map { … }`,
    /// `Module.allCases.map(\.target)`): each string of a list (written in the call, or a name of `lists` or
    /// ``constants``), or each case of an enum ``enums`` read, with its properties' strings and getters; nil when the
    /// list cannot be read.
    private func elements(of call: FunctionCallExprSyntax, values: [String: String], lists: [String: [String]])
        -> [(value: String?, properties: [String: String], bodies: [String: CodeBlockItemListSyntax])]?
    {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        if let found = enums.allCases(base) {
            return found.cases.map { ($0["rawValue"], $0, found.bodies) }
        }
        return list(base, values: values, lists: lists)?.map { ($0, [:], [:]) }
    }

    /// The strings `expression` lists: an array literal of strings, or a name of `lists` or ``constants``.
    private func list(_ expression: ExprSyntax, values: [String: String], lists: [String: [String]]) -> [String]? {
        if let array = expression.as(ArrayExprSyntax.self) {
            let strings = array.elements.compactMap { Self.string($0.expression, values: values) }
            return strings.count == array.elements.count ? strings : nil
        }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        return lists[name] ?? constants[name]
    }

    /// The values of `function`'s parameters in `call`: each argument (by label, or in order when unlabelled) or
    /// default that reads as a string, or as a list of strings, with `values` and `lists`.
    private func bindings(
        of call: FunctionCallExprSyntax, to function: FunctionDeclSyntax, values: [String: String],
        lists: [String: [String]]
    ) -> (values: [String: String], lists: [String: [String]]) {
        var bound: [String: String] = [:]
        var boundLists: [String: [String]] = [:]
        var unlabelled = call.arguments.filter { $0.label == nil }.makeIterator()
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.text
            let argument =
                label == "_" ? unlabelled.next() : call.arguments.first { $0.label?.text == label }
            let inner = (parameter.secondName ?? parameter.firstName).text
            if let argument {
                bound[inner] = Self.string(argument.expression, values: values)
                boundLists[inner] = list(argument.expression, values: values, lists: lists)
                // An element passed on (`featureTarget($0)`) keeps its properties' strings (`module.rawValue`).
                let passed = argument.expression.trimmedDescription + "."
                for (key, value) in values where key.hasPrefix(passed) {
                    bound[inner + "." + key.dropFirst(passed.count)] = value
                }
            } else if let value = parameter.defaultValue?.value {
                bound[inner] = Self.string(value, values: [:])
                boundLists[inner] = list(value, values: [:], lists: [:])
            }
        }
        return (bound, boundLists)
    }

    /// The name of the innermost type declaration holding `node`.
    private static func enclosingType(of node: some SyntaxProtocol) -> String? {
        var parent = node.parent
        while let current = parent {
            if let decl = current.as(StructDeclSyntax.self) { return decl.name.text }
            if let decl = current.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = current.as(EnumDeclSyntax.self) { return decl.name.text }
            parent = current.parent
        }
        return nil
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

    /// The lists of string literals a file's constants hold (`let modules = ["Core", "Habits"]`), by name, the
    /// first of a name.
    private final class Lists: SyntaxVisitor {
        private(set) var lists: [String: [String]] = [:]

        init(_ tree: SourceFileSyntax) {
            super.init(viewMode: .sourceAccurate)
            walk(tree)
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard node.bindingSpecifier.tokenKind == .keyword(.let) else { return .visitChildren }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let array = binding.initializer?.value.as(ArrayExprSyntax.self)
                else { continue }
                let strings = array.elements.compactMap { TuistTargets.string($0.expression, values: [:]) }
                if strings.count == array.elements.count, lists[name] == nil { lists[name] = strings }
            }
            return .visitChildren
        }
    }

    /// The calls under a node in source order, but those in the functions it declares (read when called) and in the
    /// `CaseIterable` enums (read per case, see ``TuistEnums``).
    private final class Calls: SyntaxVisitor {
        private(set) var found: [FunctionCallExprSyntax] = []

        init(_ node: Syntax) {
            super.init(viewMode: .sourceAccurate)
            walk(node)
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            TuistEnums.isCaseIterable(node) ? .skipChildren : .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            found.append(node)
            return .visitChildren
        }
    }
}
