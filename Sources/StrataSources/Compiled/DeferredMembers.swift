import SwiftSyntax

extension NeededDeclarations {
    /// A member of a type whose bodies count only once the needed code uses its name, so what its bodies call (an app
    /// type conforming to an App Intent it donates, a view model, another file's SwiftUI-typed member) is not taken
    /// for it; unreached, it keeps only its signature where its bodies name what the build does not take (see
    /// ``StageReach``). Its signature counts from the start, but the names it declares.
    struct Deferred {
        /// The names that use it (see ``optionalNames(_:owner:)``).
        let declared: Set<String>
        /// Its bytes in the file.
        let range: Range<Int>
        /// The identifiers of its signature, but those it declares, all and those on their own.
        let signatureNames: Set<String>
        let signatureFreeNames: Set<String>
        /// Every identifier written in it.
        let names: Set<String>
        /// The identifiers written in it on their own.
        let freeNames: Set<String>
    }

    /// The names the app declares that the build does not take (the top-level items and the extensions' members no
    /// needed code uses, less what the needed items declare): a body naming one cannot build.
    var untaken: Set<String> {
        var declared: Set<String> = []
        var taken: Set<String> = []
        for (fileUnits, flags) in zip(units, needed) {
            for (unit, isNeeded) in zip(fileUnits, flags) where !unit.isImport {
                if isNeeded {
                    taken.formUnion(unit.declared.union(unit.members))
                } else {
                    declared.formUnion(unit.declared.union(unit.members))
                }
            }
        }
        return declared.subtracting(taken)
    }

    /// The members of the type or extension `node` (and of the types nested in it) that ``StageReach`` would stub when
    /// the migration does not reach them, but those in `besides` (byte ranges of members set apart already).
    static func deferred(in node: Syntax, besides: [Range<Int>]) -> [Deferred] {
        guard let group = node.asProtocol(DeclGroupSyntax.self), !node.is(ProtocolDeclSyntax.self) else { return [] }
        let owner =
            node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription ?? typeName(node) ?? ""
        return deferred(in: group.memberBlock, owner: owner, besides: besides)
    }

    private static func deferred(in block: MemberBlockSyntax, owner: String, besides: [Range<Int>]) -> [Deferred] {
        block.members.flatMap { item -> [Deferred] in
            let decl = item.decl
            if let nested = decl.asProtocol(DeclGroupSyntax.self), let name = typeName(Syntax(decl)) {
                return deferred(in: nested.memberBlock, owner: owner + "." + name, besides: besides)
            }
            guard !besides.contains(item.position.utf8Offset..<item.endPosition.utf8Offset),
                StageReach.isStubbable(decl),
                let (declared, _) = optionalNames(decl, owner: owner),
                let bodies = StageReach.bodies(Syntax(item), unavailable: [:])
            else { return [] }
            let (names, freeNames) = identifiers(in: Syntax(item))
            let signature = identifiers(in: Syntax(item), skipping: bodies)
            return [
                Deferred(
                    declared: declared, range: item.position.utf8Offset..<item.endPosition.utf8Offset,
                    signatureNames: signature.0.subtracting(declared),
                    signatureFreeNames: signature.1.subtracting(declared), names: names, freeNames: freeNames)
            ]
        }
    }
}
