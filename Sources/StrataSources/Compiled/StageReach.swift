import SwiftSyntax

/// What the migration reaches of the needed declarations, member by member from the plans, in every file: the members
/// are followed from the plans, the stages and every type's stored properties, defaults and conformances. A kept member
/// naming a type Linux lacks (``NeededDeclarations``) that the migration does not reach keeps its signature with a body
/// that stops with a message (``stubs``), or is left out when its signature names such a type (``dropped``). Any other
/// member the migration does not reach keeps only its signature when its bodies name what the build does not take (a
/// member left out, an app type or another file's member only unreached bodies name), and in a file importing a module
/// Linux lacks (``AppleModules/lacking(in:)``) whatever it calls, as a list of names cannot foresee every API
/// (`ControlCenter.shared.reloadAllControls()`). The observers (`didSet`, `willSet`) of stored properties are not
/// reached by name: one calling what cannot build, or a member whose body stops, is emptied (``emptied``), so a
/// migration's writes to the property go through; so is one of a `@Model` class's persisted property (which does not
/// run) calling, in a file importing a module Linux lacks, a name the app does not declare. The other observers of
/// properties that are not persisted count as reached. A kept member the migration reaches stays, and the path to it
/// names the cause when the build fails (``reached``).
struct StageReach {
    /// A member whose bodies are replaced by a stop.
    struct Stub {
        /// The member.
        let node: Syntax
        /// Its name as a report says it ("Habit.isNeutral").
        let name: String
        /// What it uses that Linux cannot build ("Color (SwiftUI)", "Habit.color, left out").
        let uses: [String]
        /// The bytes of its bodies, between the braces.
        let bodies: [Range<Int>]
    }

    /// A member naming a type Linux lacks that the migration reaches.
    struct Reached {
        /// The member.
        let node: Syntax
        /// The declarations from a plan or a needed type to it ("HabitMigrationPlan", "Habit.streakText(…)").
        let path: [String]
    }

    /// One part of a needed item: a member that counts only once its name is reached, or the rest of the item
    /// (its stored properties, cases, conformances, requirements), reached with it.
    private struct Piece {
        let file: Int
        let node: Syntax
        let name: String
        /// The names that reach it; empty for an item's rest, reached from the start.
        let declared: Set<String>
        let names: Set<String>
        /// For a member ``NeededDeclarations`` kept though it names a type Linux lacks, its description of it.
        let optional: NeededDeclarations.Member?
    }

    /// A property observer (`didSet`, `willSet`) of a stored property: a piece reached from the start once it runs
    /// ("Habit.reminderAt (didSet)"), its body, and whether the property is a model's persisted one (whose observers
    /// the model's storage does not run).
    private typealias Observer = (piece: Piece, body: CodeBlockSyntax, persisted: Bool)

    /// For each file, the members whose bodies stop.
    let stubs: [[Stub]]
    /// For each file, the property observers whose bodies are emptied (``Stub/uses`` says what they call).
    let emptied: [[Stub]]
    /// For each file, the members ``NeededDeclarations`` kept that are left out after all.
    let dropped: [[NeededDeclarations.Member]]
    /// For each file, the kept members naming a type Linux lacks that the migration reaches.
    let reached: [[Reached]]

    /// The reach of the plans named `roots` (qualified names) through what `selection` took of `files`.
    init(selection: NeededDeclarations, files: [SourceFile], roots: [String]) {
        let rootNames = Set(roots.compactMap { $0.split(separator: ".").first.map(String.init) })
        let lacking = files.map(AppleModules.lacking(in:))
        var pieces: [Piece] = []
        var observers: [Observer] = []
        var leftOut: [String: String] = [:]
        for (fileIndex, units) in selection.units.enumerated() {
            for (unitIndex, unit) in units.enumerated()
            where selection.needed[fileIndex][unitIndex] && !unit.isImport {
                let kept = selection.keptMembers[fileIndex][unitIndex]
                let optional = unit.optional.enumerated().filter { kept.contains($0.offset) }.map(\.element)
                let left = unit.optional.enumerated().filter { !kept.contains($0.offset) }.map(\.element)
                for member in left {
                    for name in member.declared { leftOut[name] = "\(member.name), left out" }
                }
                pieces += Self.pieces(
                    of: unit, file: fileIndex, keeping: optional, leftOut: left.map(\.range), roots: rootNames,
                    observers: &observers)
            }
        }
        var (order, parent) = Self.reach(pieces)
        let firstReached = Set(order)
        let untaken = selection.untaken
        // An observer of a property that is not persisted runs with the writes: one calling a type Linux lacks, or a
        // member the migration does not reach whose body may stop, is emptied; what the others call is reached.
        var unreachedNames: [String: String] = [:]
        for (index, piece) in pieces.enumerated()
        where !firstReached.contains(index)
            && (piece.optional != nil || !lacking[piece.file].isEmpty || !piece.names.isDisjoint(with: untaken))
        {
            for name in piece.declared { unreachedNames[name] = piece.name }
        }
        var emptiedObservers: Set<Int> = []
        var observerUses: [Int: [String]] = [:]
        for (index, observer) in observers.enumerated() where !observer.persisted {
            let names = observer.piece.names.sorted()
            observerUses[index] =
                names.compactMap { selection.unavailable[$0] }
                + names.compactMap { unreachedNames[$0].map { "\($0), which the migration does not reach" } }
            if observerUses[index]?.isEmpty == true {
                pieces.append(observer.piece)
            } else {
                emptiedObservers.insert(index)
            }
        }
        if observers.contains(where: { !$0.persisted }) { (order, parent) = Self.reach(pieces) }
        let isReached = Set(order)
        var stubs = files.map { _ in [Stub]() }
        var dropped = files.map { _ in [NeededDeclarations.Member]() }
        var reached = files.map { _ in [Reached]() }
        var stopping: [String: String] = [:]
        for (index, piece) in pieces.enumerated() {
            guard let member = piece.optional else { continue }
            if isReached.contains(index) {
                var path = [piece.name]
                var step = parent[index]
                while let current = step {
                    path.insert(pieces[current].name, at: 0)
                    step = parent[current]
                }
                reached[piece.file].append(Reached(node: piece.node, path: path))
            } else if let bodies = Self.bodies(piece.node, unavailable: selection.unavailable) {
                stubs[piece.file].append(Stub(node: piece.node, name: piece.name, uses: member.uses, bodies: bodies))
                for name in piece.declared { stopping[name] = piece.name }
            } else {
                dropped[piece.file].append(member)
                for name in member.declared { leftOut[name] = "\(member.name), left out" }
            }
        }
        // The unreached members calling a member left out, or what the build does not take (an app type only they
        // name, another file's member), or in a file importing a module Linux lacks (see isStubbable), keep only their
        // signatures.
        for (index, piece) in pieces.enumerated()
        where piece.optional == nil && !piece.declared.isEmpty && !isReached.contains(index) {
            let names = piece.names.sorted()
            let decl = piece.node.as(MemberBlockItemSyntax.self)?.decl ?? piece.node.as(DeclSyntax.self)
            let stubbable = decl.map(Self.isStubbable) == true
            var uses: [String]
            if stubbable && !lacking[piece.file].isEmpty {
                uses = ["\(lacking[piece.file].joined(separator: ", ")) (imported by its file)"]
            } else {
                uses = names.compactMap { leftOut[$0] }
                if uses.isEmpty && stubbable {
                    uses = names.filter { untaken.contains($0) && !piece.declared.contains($0) }.map {
                        "\($0), which the build does not take"
                    }
                }
            }
            guard !uses.isEmpty, let bodies = Self.bodies(piece.node, unavailable: selection.unavailable) else {
                continue
            }
            stubs[piece.file].append(Stub(node: piece.node, name: piece.name, uses: uses, bodies: bodies))
            for name in piece.declared { stopping[name] = piece.name }
        }
        // The observers of persisted properties, which the model's storage does not run: one that could not build
        // (calling a type Linux lacks, a member left out, what the build does not take, or in a file importing a
        // module Linux lacks a name the app does not declare) or that calls a body that stops is emptied.
        var declared: Set<String>?
        for (index, observer) in observers.enumerated() where observer.persisted {
            let names = observer.piece.names.sorted()
            observerUses[index] =
                names.compactMap { selection.unavailable[$0] ?? leftOut[$0] }
                + names.filter(untaken.contains).map { "\($0), which the build does not take" }
                + names.compactMap { stopping[$0].map { "\($0), which the migration does not reach" } }
            if observerUses[index]?.isEmpty == true && !lacking[observer.piece.file].isEmpty {
                let module = lacking[observer.piece.file].joined(separator: ", ")
                let known = declared ?? PropertyObservers.declaredNames(in: files)
                declared = known
                observerUses[index] = PropertyObservers.undeclared(in: observer.body, declared: known).map {
                    "\($0), which the app does not declare (its file imports \(module))"
                }
            }
            if observerUses[index]?.isEmpty == false { emptiedObservers.insert(index) }
        }
        var emptied = files.map { _ in [Stub]() }
        for (index, observer) in observers.enumerated() where emptiedObservers.contains(index) {
            let range = observer.body.leftBrace.endPosition.utf8Offset..<observer.body.rightBrace.position.utf8Offset
            emptied[observer.piece.file].append(
                Stub(
                    node: observer.piece.node, name: observer.piece.name, uses: observerUses[index] ?? [],
                    bodies: [range]))
        }
        self.stubs = stubs
        self.emptied = emptied
        self.dropped = dropped
        self.reached = reached
    }

    /// The order in which `pieces` are reached (those reached from the start first), and the piece through which each
    /// of the others was.
    private static func reach(_ pieces: [Piece]) -> (order: [Int], parent: [Int: Int]) {
        var reachedNames: Set<String> = []
        var order: [Int] = []
        var parent: [Int: Int] = [:]
        for (index, piece) in pieces.enumerated() where piece.declared.isEmpty {
            order.append(index)
            reachedNames.formUnion(piece.names)
        }
        var changed = true
        while changed {
            changed = false
            for (index, piece) in pieces.enumerated()
            where parent[index] == nil && !piece.declared.isEmpty && !piece.declared.isDisjoint(with: reachedNames) {
                parent[index] = order.first { !pieces[$0].names.isDisjoint(with: piece.declared) }
                order.append(index)
                reachedNames.formUnion(piece.names)
                changed = true
            }
        }
        return (order, parent)
    }

    /// The text a stubbed body gets: a stop saying why.
    static func stop(_ stub: Stub) -> String {
        let message =
            "strata: the body of \(stub.name) was left out of the compiled build (it uses "
            + "\(stub.uses.joined(separator: ", "))), as nothing the migration runs was found to call it"
        return " fatalError(\(CompiledApp.literal(message))) "
    }

    /// The pieces of a needed item: a plan whole; a type's or extension's members that count only by name (see
    /// ``NeededDeclarations/optionalNames(_:owner:)``, and not `override`) each, and the rest; a function or variable
    /// by its names. The observers of the stored properties go to `observers`, their bodies not counted in the rest.
    private static func pieces(
        of unit: NeededDeclarations.Unit, file: Int, keeping optional: [NeededDeclarations.Member],
        leftOut: [Range<Int>], roots: Set<String>, observers: inout [Observer]
    ) -> [Piece] {
        let node = unit.node
        var owner: String?
        var block: MemberBlockSyntax?
        if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
            owner = extensionDecl.extendedType.trimmedDescription
            block = extensionDecl.memberBlock
        } else if let group = node.asProtocol(DeclGroupSyntax.self), let name = NeededDeclarations.typeName(node) {
            owner = name
            block = group.memberBlock
        }
        let isRoot = !unit.topLevel.isDisjoint(with: roots)
        guard let owner, let block, !isRoot else {
            let names = NeededDeclarations.identifiers(in: node, skipping: leftOut).0
            let counts = !isRoot && (node.is(FunctionDeclSyntax.self) || node.is(VariableDeclSyntax.self))
            return [
                Piece(
                    file: file, node: node, name: unit.topLevel.sorted().joined(separator: ", "),
                    declared: counts ? unit.topLevel : [], names: names, optional: nil)
            ]
        }
        var members: [Piece] = []
        var found: [Observer] = []
        collect(
            block, owner: owner, isModel: DeclarationIndex.isModel(node), file: file, optional: optional,
            leftOut: leftOut, into: &members, observers: &found)
        observers += found
        let rest = NeededDeclarations.identifiers(
            in: node,
            skipping: leftOut + members.map { $0.node.position.utf8Offset..<$0.node.endPosition.utf8Offset }
                + found.map { $0.body.leftBrace.endPosition.utf8Offset..<$0.body.rightBrace.position.utf8Offset }
        ).0
        return [Piece(file: file, node: node, name: owner, declared: [], names: rest, optional: nil)] + members
    }

    /// The members of `block` (`owner`'s, a `@Model` class when `isModel`) and of the types nested in it that count
    /// only by name, but those left out, and the observers of their stored properties.
    private static func collect(
        _ block: MemberBlockSyntax, owner: String, isModel: Bool, file: Int, optional: [NeededDeclarations.Member],
        leftOut: [Range<Int>], into pieces: inout [Piece], observers: inout [Observer]
    ) {
        for item in block.members {
            let decl = item.decl
            if let nested = decl.asProtocol(DeclGroupSyntax.self), let name = NeededDeclarations.typeName(Syntax(decl))
            {
                collect(
                    nested.memberBlock, owner: owner + "." + name, isModel: DeclarationIndex.isModel(Syntax(decl)),
                    file: file, optional: optional, leftOut: leftOut, into: &pieces, observers: &observers)
                continue
            }
            if let variable = decl.as(VariableDeclSyntax.self),
                NeededDeclarations.optionalNames(decl, owner: owner) == nil
            {
                let persisted = PropertyObservers.isPersisted(variable, inModel: isModel)
                observers += PropertyObservers.observers(of: variable).map { property, accessor, body in
                    (
                        Piece(
                            file: file, node: Syntax(accessor),
                            name: "\(owner).\(property) (\(accessor.accessorSpecifier.text))", declared: [],
                            names: NeededDeclarations.identifiers(in: Syntax(body)).0, optional: nil),
                        body, persisted
                    )
                }
            }
            let range = item.position.utf8Offset..<item.endPosition.utf8Offset
            guard !leftOut.contains(range),
                !(decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []).contains(where: {
                    $0.name.tokenKind == .keyword(.override)
                }),
                let (declared, display) = NeededDeclarations.optionalNames(decl, owner: owner)
            else { continue }
            pieces.append(
                Piece(
                    file: file, node: Syntax(item), name: owner + "." + display, declared: declared,
                    names: NeededDeclarations.identifiers(in: Syntax(item)).0,
                    optional: optional.first { $0.range == range }))
        }
    }

    /// True for a member of a file importing a module Linux lacks that keeps only its signature when the migration does
    /// not reach it: not an `override` (the reach does not follow those) nor a subscript (called without its name).
    static func isStubbable(_ decl: DeclSyntax) -> Bool {
        !decl.is(SubscriptDeclSyntax.self)
            && !(decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []).contains {
                $0.name.tokenKind == .keyword(.override)
            }
    }

    /// The bodies of the member `node` (between their braces), or nil when it has none to replace, its signature
    /// names one of `unavailable`, or it returns an opaque type (`some View`), which a stop cannot stand in for.
    static func bodies(_ node: Syntax, unavailable: [String: String]) -> [Range<Int>]? {
        let decl = node.as(MemberBlockItemSyntax.self)?.decl ?? node.as(DeclSyntax.self)
        func inside(_ block: CodeBlockSyntax?) -> [Range<Int>] {
            block.map { [$0.leftBrace.endPosition.utf8Offset..<$0.rightBrace.position.utf8Offset] } ?? []
        }
        func inside(_ block: AccessorBlockSyntax?) -> [Range<Int>] {
            switch block?.accessors {
            case .getter?:
                return block.map { [$0.leftBrace.endPosition.utf8Offset..<$0.rightBrace.position.utf8Offset] } ?? []
            case .accessors(let list)?:
                let bodies = list.map { inside($0.body) }
                return bodies.contains(where: \.isEmpty) ? [] : bodies.flatMap { $0 }
            case nil:
                return []
            }
        }
        var ranges: [Range<Int>] = []
        if let function = decl?.as(FunctionDeclSyntax.self) {
            ranges = inside(function.body)
        } else if let initializer = decl?.as(InitializerDeclSyntax.self) {
            ranges = inside(initializer.body)
        } else if let subscriptDecl = decl?.as(SubscriptDeclSyntax.self) {
            ranges = inside(subscriptDecl.accessorBlock)
        } else if let variable = decl?.as(VariableDeclSyntax.self), variable.bindings.count == 1 {
            ranges = inside(variable.bindings.first?.accessorBlock)
        }
        guard !ranges.isEmpty else { return nil }
        for token in node.tokens(viewMode: .sourceAccurate) {
            let offset = token.position.utf8Offset
            guard !ranges.contains(where: { $0.contains(offset) }) else { continue }
            if case .identifier(let text) = token.tokenKind, unavailable[text] != nil { return nil }
            if token.tokenKind == .keyword(.some) { return nil }
        }
        return ranges
    }
}
