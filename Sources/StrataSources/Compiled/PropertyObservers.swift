import SwiftSyntax

/// The observers (`didSet`, `willSet`) of stored properties, which run with every write rather than when their names
/// are written: the compiled level empties those calling what Linux cannot build (see ``StageReach``), and their names
/// then count for nothing.
enum PropertyObservers {
    /// The bodies of the observers of the stored properties of `block` (and of the types nested in it) that name one
    /// of `unavailable`.
    static func calling(_ unavailable: [String: String], in block: MemberBlockSyntax) -> [Range<Int>] {
        block.members.flatMap { item -> [Range<Int>] in
            if let nested = item.decl.asProtocol(DeclGroupSyntax.self) {
                return calling(unavailable, in: nested.memberBlock)
            }
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { return [] }
            return observers(of: variable).map(\.body).filter { body in
                NeededDeclarations.identifiers(in: Syntax(body)).0.contains { unavailable[$0] != nil }
            }.map { $0.leftBrace.endPosition.utf8Offset..<$0.rightBrace.position.utf8Offset }
        }
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
}
