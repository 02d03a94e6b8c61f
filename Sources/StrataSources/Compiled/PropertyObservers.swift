import StrataModelSyntax
import SwiftSyntax

/// The observers (`didSet`, `willSet`) of stored properties, which run with every write rather than when their names
/// are written, but for a `@Model` class's persisted properties, whose storage the model holds and whose observers do
/// not run (as SwiftData's do not): the compiled level empties those that could not build (see ``StageReach``), and
/// the names of those and of the persisted properties' observers count for nothing.
enum PropertyObservers {
    /// The bodies of the observers of the stored properties of `block` (and of the types nested in it; `isModel` when
    /// `block` is a `@Model` class's) whose names count for nothing: those naming one of `unavailable`, and those of
    /// persisted properties.
    static func uncounted(_ unavailable: [String: String], in block: MemberBlockSyntax, isModel: Bool) -> [Range<Int>] {
        block.members.flatMap { item -> [Range<Int>] in
            if let nested = item.decl.asProtocol(DeclGroupSyntax.self) {
                return uncounted(
                    unavailable, in: nested.memberBlock, isModel: DeclarationIndex.isModel(Syntax(item.decl)))
            }
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { return [] }
            let persisted = isPersisted(variable, inModel: isModel)
            return observers(of: variable).map(\.body).filter { body in
                persisted || NeededDeclarations.identifiers(in: Syntax(body)).0.contains { unavailable[$0] != nil }
            }.map { $0.leftBrace.endPosition.utf8Offset..<$0.rightBrace.position.utf8Offset }
        }
    }

    /// True when `variable` is a persisted property of a `@Model` class (`inModel`): stored and not `@Transient`.
    static func isPersisted(_ variable: VariableDeclSyntax, inModel: Bool) -> Bool {
        inModel && StoredProperty.all(in: variable).contains { !$0.isTransient }
    }

    /// The `didSet` and `willSet` observers of `variable`'s bindings (a stored property's), with each binding's name.
    static func observers(
        of variable: VariableDeclSyntax
    ) -> [(property: String, accessor: AccessorDeclSyntax, body: CodeBlockSyntax)] {
        variable.bindings.flatMap {
            binding -> [(property: String, accessor: AccessorDeclSyntax, body: CodeBlockSyntax)] in
            guard case .accessors(let list)? = binding.accessorBlock?.accessors,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { return [] }
            return list.compactMap { accessor in
                let kind = accessor.accessorSpecifier.tokenKind
                guard kind == .keyword(.didSet) || kind == .keyword(.willSet), let body = accessor.body else {
                    return nil
                }
                return (name, accessor, body)
            }
        }
    }

    /// Every name `files` declare, at any depth: types, functions and their parameters, variables and constants,
    /// cases, typealiases, closure and generic parameters.
    static func declaredNames(in files: [SourceFile]) -> Set<String> {
        let finder = DeclaredAnywhere()
        for file in files { finder.walk(file.tree) }
        return finder.names
    }

    /// The names `body` writes on their own (not after a `.`, nor as an argument's label) that neither `declared`
    /// nor `body` itself declares, nor the observer's own `oldValue` and `newValue`, in source order, each once: what
    /// only the modules the file imports can give it (`ControlCenter`).
    static func undeclared(in body: CodeBlockSyntax, declared: Set<String>) -> [String] {
        let local = DeclaredAnywhere()
        local.walk(body)
        let known = declared.union(local.names).union(["oldValue", "newValue"])
        var found: [String] = []
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, !known.contains(name), !found.contains(name),
                token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period,
                token.parent?.is(DeclReferenceExprSyntax.self) == true
                    || token.parent?.is(IdentifierTypeSyntax.self) == true
            else { continue }
            found.append(name)
        }
        return found
    }
}

/// The names declared under the nodes walked, at any depth.
private final class DeclaredAnywhere: SyntaxVisitor {
    private(set) var names: Set<String> = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind { add(node.identifier) }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        add(node.secondName ?? node.firstName)
    }
    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        add(node.secondName ?? node.firstName)
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind { add(node.name) }
    override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind { add(node.name) }

    private func add(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if case .identifier(let text) = token.tokenKind { names.insert(text) }
        return .visitChildren
    }
}
