import SwiftSyntax

/// Where a list a static member builds ends, as written: the array literal whose last element is the list's last, so
/// that an element written at its end comes last in the list (where `strata next-version` adds a plan's new version
/// and stage). Followed through the shapes plans use: an initializer or a getter's expression or `return`, `+` of
/// lists (the last operand), casts, parentheses, and another static list of the same type named for it.
extension StaticList {
    /// The end of a list: the array literal, or the code past which it cannot be found.
    enum End {
        /// The array literal ending the list, and its file.
        case literal(ArrayExprSyntax, SourceFile)
        /// The code that builds the end of the list some other way (a local appended to, a `filter`), and its file.
        case unfollowed(Syntax, SourceFile)
    }

    /// The end of the list the static member `name` of `type` builds; nil when `type` declares no such member.
    func end(of name: String, of type: DeclarationIndex.TypeDecl) -> End? {
        guard let member = StaticMember.find(name, in: type, build: index.build) else {
            return StaticMember.declaration(name, among: type.members).map { .unfollowed(Syntax($0.decl), $0.file) }
        }
        return end(member.value, file: member.file, type: type, depth: 0)
    }

    private func end(_ expression: ExprSyntax, file: SourceFile, type: DeclarationIndex.TypeDecl, depth: Int) -> End {
        let unfollowed = End.unfollowed(Syntax(expression), file)
        guard depth < 12 else { return unfollowed }
        if let array = expression.as(ArrayExprSyntax.self) { return .literal(array, file) }
        if let cast = expression.as(AsExprSyntax.self) {
            return end(cast.expression, file: file, type: type, depth: depth)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return end(only.expression, file: file, type: type, depth: depth)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            var elements = Array(sequence.elements)
            // `… as [any VersionedSchema.Type]` casts what comes before it.
            while elements.count >= 3, elements[elements.count - 2].is(UnresolvedAsExprSyntax.self) {
                elements.removeLast(2)
            }
            let operators = elements.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            guard elements.count % 2 == 1, let last = elements.last,
                operators.allSatisfy({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
            else { return unfollowed }
            return end(last, file: file, type: type, depth: depth)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        {
            return end(infix.rightOperand, file: file, type: type, depth: depth)
        }
        // Another static list of the same type (`static var stages { allStages }`), unless a local of the getter
        // holds the name (`var all = […]; all.append(…); return all`).
        if let reference = expression.as(DeclReferenceExprSyntax.self), !Self.declaresLocal(reference),
            let member = StaticMember.find(reference.baseName.text, in: type, build: index.build)
        {
            return end(member.value, file: member.file, type: type, depth: depth + 1)
        }
        if let access = expression.as(MemberAccessExprSyntax.self),
            access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.Self),
            let member = StaticMember.find(access.declName.baseName.text, in: type, build: index.build)
        {
            return end(member.value, file: member.file, type: type, depth: depth + 1)
        }
        return unfollowed
    }

    /// True when a body around `reference`, inside its type, declares a local of its name.
    private static func declaresLocal(_ reference: DeclReferenceExprSyntax) -> Bool {
        var node = reference.parent
        while let current = node, !current.is(MemberBlockSyntax.self) {
            if let items = current.as(CodeBlockItemListSyntax.self) {
                let declared = items.contains { item in
                    Syntax(item.item).as(VariableDeclSyntax.self)?.bindings.contains {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == reference.baseName.text
                    } ?? false
                }
                if declared { return true }
            }
            node = current.parent
        }
        return false
    }
}
