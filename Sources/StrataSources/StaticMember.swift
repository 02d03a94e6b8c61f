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

    /// True for `static var name = value` (a stored mutable global, which Swift 6 rejects as unsafe).
    var isStoredVar: Bool {
        decl.bindingSpecifier.tokenKind == .keyword(.var) && decl.bindings.first?.initializer != nil
    }

    /// The static member `name` of `type` (its declaration or extensions), if it has a readable value.
    static func find(_ name: String, in type: DeclarationIndex.TypeDecl) -> StaticMember? {
        for (member, file) in type.members {
            guard let decl = member.decl.as(VariableDeclSyntax.self),
                decl.modifiers.contains(where: {
                    $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                })
            else { continue }
            for binding in decl.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            {
                if let value = binding.initializer?.value ?? binding.accessorBlock.flatMap(getterExpression) {
                    return StaticMember(value: value, decl: decl, file: file)
                }
            }
        }
        return nil
    }

    /// The expression a getter returns when it is a single expression or a single `return`.
    private static func getterExpression(_ block: AccessorBlockSyntax) -> ExprSyntax? {
        let body: CodeBlockItemListSyntax?
        switch block.accessors {
        case .getter(let items): body = items
        case .accessors(let accessors):
            body = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
        guard let body, body.count == 1, let item = body.first?.item else { return nil }
        if case .expr(let expr) = item { return expr }
        if case .stmt(let stmt) = item, let returned = stmt.as(ReturnStmtSyntax.self)?.expression { return returned }
        if case .stmt(let stmt) = item, let expression = stmt.as(ExpressionStmtSyntax.self) {
            return expression.expression
        }
        return nil
    }
}
