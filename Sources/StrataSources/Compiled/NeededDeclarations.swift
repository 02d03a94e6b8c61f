import SwiftSyntax

/// Which top-level declarations of an app's files its plans need, found without compiling: starting from the plans,
/// every type, typealias, function or variable whose name the needed code uses, and the extensions of needed types
/// (or of the shims' types, such as `OSLog`) that add conformances or members the needed code uses. Views, the `App` struct and UI-only extensions are left out.
/// Helper files (the rest of the enclosing app) only supply what the source folder does not declare: their types,
/// functions and variables of names the folder lacks that the needed code writes on their own (not after a `.`),
/// and their extensions' members the needed code uses.
struct NeededDeclarations {
    /// One top-level item of a file (an `#if` block counts as one).
    struct Unit {
        /// The item.
        let node: Syntax
        /// The names it declares: its type and the types nested in it, or its function's or variable's names.
        var declared: Set<String>
        /// For an extension, the last component of the type it extends.
        let extended: String?
        /// For an extension, true when it adds conformances.
        var conforms: Bool
        /// For an extension, the names of its members (and the first argument label of its initialisers).
        let members: Set<String>
        /// Every identifier written in it.
        let names: Set<String>
        /// The identifiers written in it on their own, not as a member after a `.`.
        let freeNames: Set<String>
        /// True for a helper's item (outside the source folder).
        var isHelper = false
        /// True for an `import`.
        let isImport: Bool
    }

    /// The top-level items of each file (the folder's, then the helpers'), in file order.
    let units: [[Unit]]
    /// For each file and item, whether the plans need it.
    let needed: [[Bool]]
    /// Every identifier the needed items write.
    let referenced: Set<String>

    /// Weighs the items of `files` (the source folder's) and `helpers` (other files of the app) from the plans named
    /// `roots` (their qualified names).
    init(files: [SourceFile], helpers: [SourceFile] = [], roots: [String]) {
        let own = files.map { file in file.tree.statements.map { Self.unit(Syntax($0.item)) } }
        let declaredHere = own.joined().reduce(into: Set<String>()) { $0.formUnion($1.declared) }
        let others = helpers.map { file in
            file.tree.statements.map { item in
                var unit = Self.unit(Syntax(item.item))
                unit.declared.subtract(declaredHere)
                unit.conforms = false
                unit.isHelper = true
                return unit
            }
        }
        let units = own + others
        var referenced = Set(roots.compactMap { $0.split(separator: ".").first.map(String.init) })
        var referencedFree = referenced
        var needed = units.map { $0.map { _ in false } }
        var changed = true
        while changed {
            changed = false
            for (fileIndex, fileUnits) in units.enumerated() {
                for (unitIndex, unit) in fileUnits.enumerated() where !needed[fileIndex][unitIndex] && !unit.isImport {
                    let wanted: Bool
                    if let extended = unit.extended {
                        // A shim's type is often not named where its extension's members are used
                        // (`os_log(…, log: .migration)`), so its extensions are weighed by their members alone.
                        wanted =
                            (referenced.contains(extended) || CompiledShim.typesDeclared.contains(extended))
                            && (unit.conforms || !unit.members.isDisjoint(with: referenced))
                    } else {
                        wanted = !unit.declared.isDisjoint(with: unit.isHelper ? referencedFree : referenced)
                    }
                    guard wanted else { continue }
                    needed[fileIndex][unitIndex] = true
                    referenced.formUnion(unit.names)
                    referencedFree.formUnion(unit.freeNames)
                    changed = true
                }
            }
        }
        // A needed file keeps its imports.
        for (fileIndex, fileUnits) in units.enumerated() where needed[fileIndex].contains(true) {
            for (unitIndex, unit) in fileUnits.enumerated() where unit.isImport { needed[fileIndex][unitIndex] = true }
        }
        self.units = units
        self.needed = needed
        self.referenced = referenced
    }

    /// True when file `index` holds anything the plans need.
    func isNeeded(file index: Int) -> Bool { needed[index].contains(true) }

    private static func unit(_ node: Syntax) -> Unit {
        var names: Set<String> = []
        var freeNames: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            names.insert(text)
            if token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period { freeNames.insert(text) }
        }
        if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
            var members: Set<String> = []
            for member in extensionDecl.memberBlock.members { members.formUnion(memberNames(member.decl)) }
            let extended = extensionDecl.extendedType.trimmedDescription.split(separator: ".").last.map(String.init)
            return Unit(
                node: node, declared: [], extended: extended, conforms: extensionDecl.inheritanceClause != nil,
                members: members, names: names, freeNames: freeNames, isImport: false)
        }
        return Unit(
            node: node, declared: DeclaredNames(node).names, extended: nil, conforms: false, members: [], names: names,
            freeNames: freeNames, isImport: node.is(ImportDeclSyntax.self))
    }

    /// The names a member of an extension declares (an initialiser by its first argument label, as calls write it).
    private static func memberNames(_ decl: DeclSyntax) -> Set<String> {
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            return Set(initializer.signature.parameterClause.parameters.first.map { [$0.firstName.text] } ?? [])
        }
        return DeclaredNames(Syntax(decl)).names
    }
}

/// The names a declaration declares: types (with the types nested in them), typealiases, functions, variables and
/// enum cases, not the members of a type.
private final class DeclaredNames: SyntaxVisitor {
    private(set) var names: Set<String> = []

    init(_ node: Syntax) {
        super.init(viewMode: .sourceAccurate)
        walk(node)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { nested(node.name, node.memberBlock) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { nested(node.name, node.memberBlock) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { nested(node.name, node.memberBlock) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { nested(node.name, node.memberBlock) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .skipChildren
    }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .skipChildren
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .skipChildren
    }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                names.insert(identifier.identifier.text)
            }
        }
        return .skipChildren
    }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        for element in node.elements { names.insert(element.name.text) }
        return .skipChildren
    }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// A type's name, and the types nested in it (its other members are not declarations at file level).
    private func nested(_ name: TokenSyntax, _ members: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        names.insert(name.text)
        for member in members.members {
            let decl = member.decl
            if decl.is(ClassDeclSyntax.self) || decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
                || decl.is(ActorDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self)
                || decl.is(ProtocolDeclSyntax.self)
            {
                walk(decl)
            }
        }
        return .skipChildren
    }
}
