import SwiftSyntax

/// Follows a stage expression of a plan to the `.lightweight(…)` or `.custom(…)` call that makes it, as Swift
/// resolves the names: a static member of the plan or of another type (`static let`, with or without a type, or a
/// computed property), a static function (`static func migrateV2ToV3() -> MigrationStage`, in the plan or in
/// `extension MigrationStage`, called as `.migrateV2ToV3()`), a top-level function, with the function's arguments
/// bound to its parameters (`discardingCache(from: SchemaV1.self, to: SchemaV2.self)`).
struct StageResolver {
    /// A stage's call, the file it is in, and where the stage is written (the call, or the declaration holding it).
    struct Resolved {
        let call: StageCall
        let file: SourceFile
        let node: Syntax
    }

    let index: DeclarationIndex
    let plan: DeclarationIndex.TypeDecl

    /// The stage `expression` (written in `file`) makes, or nil when it does not lead to a stage call.
    func resolve(
        _ expression: ExprSyntax, file: SourceFile, bindings: [String: ExprSyntax] = [:], depth: Int = 0
    ) -> Resolved? {
        guard depth < 12 else { return nil }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let stage = StageCall(call, bindings: bindings) {
                return Resolved(call: stage, file: file, node: Syntax(call))
            }
            guard let (function, functionFile) = function(called: call.calledExpression),
                let body = function.body.flatMap({ StaticMember.returned(by: $0.statements, build: index.build) })
            else { return nil }
            let bound = Self.bind(function.signature.parameterClause.parameters, to: call.arguments, bindings: bindings)
            guard let inner = resolve(body, file: functionFile, bindings: bound, depth: depth + 1) else { return nil }
            // A function without parameters is where its stage is written; a helper taking the versions is written
            // where it is called.
            let written = function.signature.parameterClause.parameters.isEmpty ? Syntax(function) : Syntax(call)
            return Resolved(call: inner.call, file: inner.file, node: written)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return resolve(only.expression, file: file, bindings: bindings, depth: depth + 1)
        }
        guard let member = member(named: expression) else { return nil }
        guard let inner = resolve(member.value, file: member.file, depth: depth + 1) else { return nil }
        return Resolved(call: inner.call, file: inner.file, node: Syntax(member.decl))
    }

    /// The members a name written without a type is looked up in: the plan's, then those `extension MigrationStage`
    /// adds (an implicit member `.name` of the stage type).
    private var implicitMembers: [(MemberBlockItemSyntax, SourceFile)] {
        plan.members + (index.externalMembers["MigrationStage"] ?? [])
    }

    /// The members of the type `base` names (`Self`, the plan, another type of the sources, `MigrationStage`).
    private func members(of base: ExprSyntax) -> [(MemberBlockItemSyntax, SourceFile)] {
        let name = base.trimmedDescription
        if name == "Self" || name == plan.simpleName { return plan.members }
        if PropertyType.lastComponent(name) == "MigrationStage" { return index.externalMembers["MigrationStage"] ?? [] }
        return index.resolveType(name, from: index.scope(inside: plan))?.members ?? []
    }

    /// The static property `name`, `.name`, `Type.name` refers to.
    private func member(named expression: ExprSyntax) -> StaticMember? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return StaticMember.find(reference.baseName.text, among: implicitMembers, build: index.build)
        }
        guard let access = expression.as(MemberAccessExprSyntax.self) else { return nil }
        let candidates = access.base.map(members(of:)) ?? implicitMembers
        return StaticMember.find(access.declName.baseName.text, among: candidates, build: index.build)
    }

    /// The function a call's callee names: a static function of the plan, of a type, of `extension MigrationStage`,
    /// or a top-level function.
    private func function(called callee: ExprSyntax) -> (FunctionDeclSyntax, SourceFile)? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return StaticMember.function(name, among: implicitMembers) ?? index.functions[name]?.first
        }
        guard let access = callee.as(MemberAccessExprSyntax.self) else { return nil }
        let candidates = access.base.map(members(of:)) ?? implicitMembers
        return StaticMember.function(access.declName.baseName.text, among: candidates)
    }

    /// The parameters' names bound to the call's arguments (by label, in order; a missing one to its default), each
    /// argument first resolved through the caller's own bindings.
    static func bind(
        _ parameters: FunctionParameterListSyntax, to arguments: LabeledExprListSyntax, bindings: [String: ExprSyntax]
    ) -> [String: ExprSyntax] {
        var bound: [String: ExprSyntax] = [:]
        var remaining = Array(arguments)
        for parameter in parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            if let first = remaining.first, first.label?.text == label {
                remaining.removeFirst()
                bound[name] = substituted(first.expression, bindings)
            } else if let value = parameter.defaultValue?.value {
                bound[name] = value
            }
        }
        return bound
    }

    /// `expression`, or what it is bound to when it names a bound parameter.
    static func substituted(_ expression: ExprSyntax, _ bindings: [String: ExprSyntax]) -> ExprSyntax {
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return expression }
        return bindings[reference.baseName.text] ?? expression
    }
}

/// `MigrationStage.lightweight(fromVersion:toVersion:)` or `.custom(fromVersion:toVersion:willMigrate:didMigrate:)`
/// (closures given by label or trailing), with the names of the parameters of the function holding it bound.
struct StageCall {
    /// "lightweight" or "custom".
    let name: String
    private let arguments: LabeledExprListSyntax
    private let bindings: [String: ExprSyntax]

    init?(_ call: FunctionCallExprSyntax, bindings: [String: ExprSyntax] = [:]) {
        guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["lightweight", "custom"].contains(callee.declName.baseName.text),
            callee.base.map({ PropertyType.lastComponent($0.trimmedDescription) == "MigrationStage" }) ?? true
        else { return nil }
        name = callee.declName.baseName.text
        arguments = call.arguments
        self.bindings = bindings
    }

    /// The type named by `label: X.self` (or by a parameter bound to `X.self`).
    func version(_ label: String) -> String? {
        arguments.first { $0.label?.text == label }.flatMap {
            VersionReader.typeReference(StageResolver.substituted($0.expression, bindings))
        }
    }
}
