import SwiftSyntax

/// Which top-level declarations of an app's files its plans need, found without compiling: starting from the plans,
/// every type, typealias, function or variable whose name the needed code uses, and the extensions of needed types
/// (or of the shims' types, such as `OSLog`) that add conformances or members the needed code uses. Views, the `App` struct and UI-only extensions are left out.
/// Helper files (the rest of the enclosing app) only supply what the source folder does not declare: their types,
/// functions and variables of names the folder lacks that the needed code writes on their own (not after a `.`),
/// and their extensions' members the needed code uses. An extension of a type the app declares at file level is taken
/// only once that declaration is. Of the items taken, the members that name a type of a module Linux lacks (``Member``)
/// count only once the needed code uses their names, transitively; the others are left out (``droppedMembers(file:)``).
/// The bodies of the other members (``Deferred``), in every file, count the same way, and the observers of persisted
/// properties, which do not run, not at all.
struct NeededDeclarations {
    /// A member of a type or extension that the build may leave out: a function, initialiser, subscript, computed
    /// property or static property that names a type of a module Linux lacks (``AppleModules/typeNames``), kept only
    /// when the needed code uses its name.
    struct Member {
        /// The member.
        let node: Syntax
        /// Its name as a report says it ("Priority.color", "Palette.init(color:)").
        let name: String
        /// The names that use it: its own, or for an initialiser its first argument label (the type's name without one).
        let declared: Set<String>
        /// Every identifier written in it.
        let names: Set<String>
        /// The identifiers written in it on their own.
        let freeNames: Set<String>
        /// What it names that Linux lacks, in source order: "Color (SwiftUI)", or an app type that cannot build
        /// without such a type ("RoutineTheme, which uses Color (SwiftUI)").
        let uses: [String]
        /// Its bytes in the file (leading trivia included).
        var range: Range<Int> { node.position.utf8Offset..<node.endPosition.utf8Offset }
    }

    /// One top-level item of a file (an `#if` block counts as one).
    struct Unit {
        /// The item.
        let node: Syntax
        /// The names it declares: its type and the types nested in it, or its function's or variable's names.
        var declared: Set<String>
        /// The names it declares at file level (its type, function, variable or typealias; not the nested types).
        var topLevel: Set<String>
        /// For an extension, the last component of the type it extends.
        let extended: String?
        /// For an extension, the first component of the type it extends (`SchemaV2` for `SchemaV2.Note`).
        let extendedRoot: String?
        /// For an extension, true when it adds conformances.
        var conforms: Bool
        /// For an extension, the names of its members (and the first argument label of its initialisers).
        let members: Set<String>
        /// Every identifier written in it, but in its optional members.
        var names: Set<String>
        /// The identifiers written in it on their own, not as a member after a `.`, but in its optional members.
        var freeNames: Set<String>
        /// The members it may lose (see ``Member``), in source order.
        var optional: [Member] = []
        /// The members whose bodies count only once their names are used (see ``Deferred``).
        var deferred: [Deferred] = []
        /// True for a helper's item (outside the source folder).
        var isHelper = false
        /// True for an `import`.
        let isImport: Bool
    }

    /// The top-level items of each file (the folder's, then the helpers'), in file order.
    let units: [[Unit]]
    /// For each file and item, whether the plans need it.
    let needed: [[Bool]]
    /// For each file and item, the indices of its optional members the needed code uses (and of its deferred members,
    /// numbered after the optional ones).
    let keptMembers: [[Set<Int>]]
    /// Every identifier the needed items write.
    let referenced: Set<String>
    /// The names Linux cannot build, with what each is ("Color (SwiftUI)", "RoutineTheme, which uses Color (SwiftUI)").
    let unavailable: [String: String]

    /// Weighs the items of `files` (the source folder's) and `helpers` (other files of the app) from the plans named
    /// `roots` (their qualified names).
    init(files: [SourceFile], helpers: [SourceFile] = [], roots: [String]) {
        let own = files.map { file in file.tree.statements.map { Self.unit(Syntax($0.item)) } }
        let declaredHere = own.joined().reduce(into: Set<String>()) { $0.formUnion($1.declared) }
        let others = helpers.map { file in
            file.tree.statements.map { item in
                var unit = Self.unit(Syntax(item.item))
                unit.declared.subtract(declaredHere)
                unit.topLevel.subtract(declaredHere)
                unit.conforms = false
                unit.isHelper = true
                return unit
            }
        }
        // The names the app declares anywhere, and at file level (before the helpers give way to the folder).
        let appTypes = (own + others).joined().reduce(into: Set<String>()) { $0.formUnion($1.declared) }
        let appTopLevel = (files + helpers).reduce(into: Set<String>()) { names, file in
            for item in file.tree.statements { names.formUnion(DeclaredNames(Syntax(item.item), nested: false).names) }
        }
        // The types Linux lacks, then the app's types that cannot build without them (a struct storing a `Color`),
        // found again until none is added: a member naming one of them is optional.
        var unavailable: [String: String] = [:]
        for (name, module) in AppleModules.typeNames
        where !appTypes.contains(name) && !CompiledShim.typesDeclared.contains(name) {
            unavailable[name] = "\(name) (\(module))"
        }
        for file in files + helpers {
            for (name, module) in AppleModules.prefixedTypes(in: file)
            where unavailable[name] == nil && !appTypes.contains(name) && !CompiledShim.typesDeclared.contains(name) {
                unavailable[name] = "\(name) (\(module))"
            }
        }
        let plain = own + others
        let rootNames = Set(roots.compactMap { $0.split(separator: ".").first.map(String.init) })
        var units = plain
        for _ in 0..<8 {
            units = plain.map { fileUnits in
                fileUnits.map {
                    Self.separatingOptional(
                        $0, unavailable: unavailable, deferring: $0.topLevel.isDisjoint(with: rootNames))
                }
            }
            var added = false
            for unit in units.joined() where unit.extended == nil && !unit.isImport {
                for name in unit.topLevel.sorted() where unavailable[name] == nil {
                    guard let hit = unit.names.sorted().first(where: { $0 != name && unavailable[$0] != nil }),
                        let description = unavailable[hit]
                    else { continue }
                    unavailable[name] = "\(name), which uses \(description)"
                    added = true
                }
            }
            if !added { break }
        }
        var referenced = rootNames
        var referencedFree = referenced
        var available: Set<String> = []
        var needed = units.map { $0.map { _ in false } }
        var kept = units.map { $0.map { _ in Set<Int>() } }
        var changed = true
        while changed {
            changed = false
            for (fileIndex, fileUnits) in units.enumerated() {
                for (unitIndex, unit) in fileUnits.enumerated() where !unit.isImport {
                    if needed[fileIndex][unitIndex] {
                        // The optional members, then the deferred ones (numbered after them).
                        let weighed =
                            unit.optional.map { ($0.declared, $0.names, $0.freeNames) }
                            + unit.deferred.map { ($0.declared, $0.names, $0.freeNames) }
                        for (memberIndex, (declared, names, freeNames)) in weighed.enumerated()
                        where !kept[fileIndex][unitIndex].contains(memberIndex)
                            && !declared.isDisjoint(with: referenced)
                        {
                            kept[fileIndex][unitIndex].insert(memberIndex)
                            referenced.formUnion(names)
                            referencedFree.formUnion(freeNames)
                            changed = true
                        }
                        continue
                    }
                    let wanted: Bool
                    if let extended = unit.extended {
                        // An extension of a type the app declares at file level builds only beside that declaration
                        // (an extension of a live model in a helper file, whose own declaration is not taken).
                        let root = unit.extendedRoot ?? extended
                        let declarationTaken = !appTopLevel.contains(root) || available.contains(root)
                        // A shim's type is often not named where its extension's members are used
                        // (`os_log(…, log: .migration)`), so its extensions are weighed by their members alone.
                        wanted =
                            declarationTaken
                            && (referenced.contains(extended) || CompiledShim.typesDeclared.contains(extended))
                            && (unit.conforms || !unit.members.isDisjoint(with: referenced))
                    } else {
                        wanted = !unit.declared.isDisjoint(with: unit.isHelper ? referencedFree : referenced)
                    }
                    guard wanted else { continue }
                    needed[fileIndex][unitIndex] = true
                    referenced.formUnion(unit.names)
                    referencedFree.formUnion(unit.freeNames)
                    available.formUnion(unit.topLevel)
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
        self.keptMembers = kept
        self.referenced = referenced
        self.unavailable = unavailable
    }

    /// True when file `index` holds anything the plans need.
    func isNeeded(file index: Int) -> Bool { needed[index].contains(true) }

    /// The optional members of file `index`'s needed items that no needed code uses: left out of the build.
    func droppedMembers(file index: Int) -> [Member] {
        units[index].indices.filter { needed[index][$0] }.flatMap { unitIndex in
            units[index][unitIndex].optional.enumerated().filter { !keptMembers[index][unitIndex].contains($0.offset) }
                .map(\.element)
        }
    }

    private static func unit(_ node: Syntax) -> Unit {
        let (names, freeNames) = identifiers(in: node)
        if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
            var members: Set<String> = []
            for member in extensionDecl.memberBlock.members { members.formUnion(memberNames(member.decl)) }
            let written = extensionDecl.extendedType.trimmedDescription
            let extended = written.split(separator: ".").last.map(String.init)
            let root = written.split(separator: ".").first.map { String($0.prefix { $0 != "<" }) }
            return Unit(
                node: node, declared: [], topLevel: [], extended: extended, extendedRoot: root,
                conforms: extensionDecl.inheritanceClause != nil, members: members, names: names,
                freeNames: freeNames, isImport: false)
        }
        return Unit(
            node: node, declared: DeclaredNames(node).names, topLevel: DeclaredNames(node, nested: false).names,
            extended: nil, extendedRoot: nil, conforms: false, members: [], names: names, freeNames: freeNames,
            isImport: node.is(ImportDeclSyntax.self))
    }

    /// The identifiers of `node`'s tokens, all and those on their own (not after a `.`), leaving out those in
    /// `skipping` (byte ranges).
    static func identifiers(in node: Syntax, skipping: [Range<Int>] = []) -> (Set<String>, Set<String>) {
        var names: Set<String> = []
        var freeNames: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            let offset = token.position.utf8Offset
            if skipping.contains(where: { $0.contains(offset) }) { continue }
            names.insert(text)
            if token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period { freeNames.insert(text) }
        }
        return (names, freeNames)
    }

    /// `unit` with its members that name one of `unavailable` (with what each is) set apart as optional (their names
    /// no longer counted as the unit's), for a type declaration or an extension.
    private static func separatingOptional(_ unit: Unit, unavailable: [String: String], deferring: Bool) -> Unit {
        var found: [Member] = []
        if let extensionDecl = unit.node.as(ExtensionDeclSyntax.self) {
            collect(
                extensionDecl.memberBlock, in: extensionDecl.extendedType.trimmedDescription, unavailable: unavailable,
                into: &found)
        } else if let group = unit.node.asProtocol(DeclGroupSyntax.self), let name = typeName(unit.node) {
            collect(group.memberBlock, in: name, unavailable: unavailable, into: &found)
        } else if let protocolDecl = unit.node.as(ProtocolDeclSyntax.self) {
            // A requirement naming such a type (`func apply(_ record: CKRecord)`) goes with the members meeting it.
            collect(protocolDecl.memberBlock, in: protocolDecl.name.text, unavailable: unavailable, into: &found)
        }
        // An observer calling such a type is emptied, and a persisted property's does not run (see ``StageReach``):
        // their names do not count.
        let observers =
            unit.node.asProtocol(DeclGroupSyntax.self).map {
                PropertyObservers.uncounted(
                    unavailable, in: $0.memberBlock, isModel: DeclarationIndex.isModel(unit.node))
            } ?? []
        let deferred = deferring ? Self.deferred(in: unit.node, besides: found.map(\.range)) : []
        guard !found.isEmpty || !observers.isEmpty || !deferred.isEmpty else { return unit }
        var result = unit
        result.optional = found
        result.deferred = deferred
        (result.names, result.freeNames) = identifiers(
            in: unit.node, skipping: found.map(\.range) + observers + deferred.map(\.range))
        for member in deferred {
            result.names.formUnion(member.signatureNames)
            result.freeNames.formUnion(member.signatureFreeNames)
        }
        return result
    }

    /// The optional members of a type body (`owner`'s), and of the types nested in it.
    private static func collect(
        _ block: MemberBlockSyntax, in owner: String, unavailable: [String: String], into found: inout [Member]
    ) {
        for item in block.members {
            let decl = item.decl
            if let nested = decl.asProtocol(DeclGroupSyntax.self), let name = typeName(Syntax(decl)) {
                collect(nested.memberBlock, in: owner + "." + name, unavailable: unavailable, into: &found)
                continue
            }
            guard let declared = optionalNames(decl, owner: owner) else { continue }
            let (names, freeNames) = identifiers(in: Syntax(item))
            var mentioned: [String] = []
            for token in item.tokens(viewMode: .sourceAccurate) {
                if case .identifier(let text) = token.tokenKind, let description = unavailable[text],
                    !mentioned.contains(description)
                {
                    mentioned.append(description)
                }
            }
            guard !mentioned.isEmpty else { continue }
            found.append(
                Member(
                    node: Syntax(item), name: owner + "." + declared.display, declared: declared.names, names: names,
                    freeNames: freeNames, uses: mentioned))
        }
    }

    /// The name of a class, struct, enum or actor declaration.
    static func typeName(_ node: Syntax) -> String? {
        if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
        return nil
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
    /// False to leave out the types nested in a type.
    private let nestedTypes: Bool

    /// The names `node` declares, with the types nested in its types unless `nested` is false.
    init(_ node: Syntax, nested: Bool = true) {
        nestedTypes = nested
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
        guard nestedTypes else { return .skipChildren }
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
