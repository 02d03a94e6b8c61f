import SwiftSyntax

/// The value of a `static let` / `static var` of a type, as written: its initializer, or the single expression
/// (or `return`) of its getter.
struct StaticMember {
    /// The expression.
    let value: ExprSyntax
    /// The declaration.
    let decl: VariableDeclSyntax
    /// The file holding it.
    let file: SourceFile

    /// True for `static var name = value` (a stored mutable global, which Swift 6 rejects as unsafe), unless it is
    /// `nonisolated(unsafe)` or isolated to a global actor (`@MainActor`), which Swift 6 accepts.
    var isStoredVar: Bool {
        guard decl.bindingSpecifier.tokenKind == .keyword(.var), decl.bindings.first?.initializer != nil else {
            return false
        }
        let unsafe = decl.modifiers.contains {
            $0.name.tokenKind == .keyword(.nonisolated) && $0.detail?.detail.text == "unsafe"
        }
        let isolated = decl.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Actor") == true
        }
        return !unsafe && !isolated
    }

    /// The static member `name` of `type` (its declaration or extensions), if it has a readable value; a getter's `#if`
    /// is read for `build`.
    static func find(_ name: String, in type: DeclarationIndex.TypeDecl, build: SourceBuild) -> StaticMember? {
        find(name, among: type.members, build: build)
    }

    /// The static member `name` among `members` (of a type and its extensions), if it has a readable value; a
    /// getter's `#if` is read for `build`.
    static func find(_ name: String, among members: [(MemberBlockItemSyntax, SourceFile)], build: SourceBuild)
        -> StaticMember?
    {
        for (member, file) in members {
            guard let decl = member.decl.as(VariableDeclSyntax.self),
                decl.modifiers.contains(where: {
                    $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                })
            else { continue }
            for binding in decl.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            {
                if let value = binding.initializer?.value
                    ?? binding.accessorBlock.flatMap({ getterExpression($0, build: build) })
                {
                    return StaticMember(value: value, decl: decl, file: file)
                }
            }
        }
        return nil
    }

    /// A static property's declaration: its binding (initializer or getter), the declaration and its file.
    struct Declaration {
        /// The binding of the name.
        let binding: PatternBindingSyntax
        /// The declaration holding it.
        let decl: VariableDeclSyntax
        /// The file holding it.
        let file: SourceFile
    }

    /// The static property `name` among `members`, whatever its value is written as.
    static func declaration(_ name: String, among members: [(MemberBlockItemSyntax, SourceFile)]) -> Declaration? {
        for (member, file) in members {
            guard let decl = member.decl.as(VariableDeclSyntax.self),
                decl.modifiers.contains(where: {
                    $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                })
            else { continue }
            for binding in decl.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            {
                return Declaration(binding: binding, decl: decl, file: file)
            }
        }
        return nil
    }

    /// The statements of a computed property's getter (`{ … }` or `get { … }`).
    static func getterBody(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let items)?: items
        case .accessors(let accessors)?:
            accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: nil
        }
    }

    /// The expression a getter returns.
    private static func getterExpression(_ block: AccessorBlockSyntax, build: SourceBuild) -> ExprSyntax? {
        switch block.accessors {
        case .getter(let items): returned(by: items, build: build)
        case .accessors(let accessors):
            accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body.flatMap {
                returned(by: $0.statements, build: build)
            }
        }
    }

    /// The expression a body returns: its only expression, or its last `return` at the top level (after local
    /// declarations, as functions that build a stage write it), `#if` read for `build`.
    static func returned(by statements: CodeBlockItemListSyntax, build: SourceBuild) -> ExprSyntax? {
        let body = build.activeStatements(statements)
        if body.count == 1, let item = body.first?.item {
            if case .expr(let expr) = item { return expr }
            if case .stmt(let stmt) = item, let expression = stmt.as(ExpressionStmtSyntax.self) {
                return expression.expression
            }
        }
        for item in body.reversed() {
            if case .stmt(let stmt) = item.item, let returned = stmt.as(ReturnStmtSyntax.self)?.expression {
                return returned
            }
        }
        return nil
    }

    /// The static function `name` among `members`, if it has a body.
    static func function(_ name: String, among members: [(MemberBlockItemSyntax, SourceFile)]) -> (
        FunctionDeclSyntax, SourceFile
    )? {
        for (member, file) in members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name,
                function.body != nil,
                function.modifiers.contains(where: {
                    $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                })
            else { continue }
            return (function, file)
        }
        return nil
    }
}
