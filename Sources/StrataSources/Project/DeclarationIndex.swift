import SwiftSyntax

/// Every type declaration of an app's sources by qualified name (`SchemaV1.Item`), with the members its
/// declaration and extensions hold, its conformances, and the typealiases: what the readers resolve names against.
/// The app's other files (helpers) are indexed too, for names only: their plans and versions are not the folder's.
final class DeclarationIndex {
    /// A declared type (class, struct, enum) and where it is.
    struct TypeDecl {
        /// The qualified name, enclosing types first.
        let name: String
        /// The declaration.
        let node: DeclSyntax
        /// The file holding it.
        let file: SourceFile
        /// The names it inherits from or conforms to (as written, in the declaration and its extensions).
        var inherited: [String]
        /// The members of the declaration and of its extensions, with their files.
        var members: [(MemberBlockItemSyntax, SourceFile)]
        /// True for a class marked `@Model`.
        let isModel: Bool
        /// True for an enum.
        let isEnum: Bool

        /// The last component of the name, as `String(describing:)` prints the type.
        var simpleName: String { String(name.split(separator: ".").last ?? "") }

        /// True when it conforms to `protocolName` (also spelled with a module prefix).
        func conforms(to protocolName: String) -> Bool {
            inherited.contains { $0 == protocolName || $0.hasSuffix(".\(protocolName)") }
        }
    }

    /// A typealias and the scope its target is resolved in.
    struct Alias {
        let target: TypeSyntax
        let scope: [String]
    }

    private(set) var types: [String: TypeDecl] = [:]
    private(set) var aliases: [String: Alias] = [:]
    /// Members of extensions of types the sources do not declare (`extension MigrationStage { static func … }`), by
    /// the extended type's last name component.
    private(set) var externalMembers: [String: [(MemberBlockItemSyntax, SourceFile)]] = [:]
    /// Top-level functions by name.
    private(set) var functions: [String: [(FunctionDeclSyntax, SourceFile)]] = [:]
    /// The top-level names the sources qualify with the app's module (`MyApp.Recipe`), by module name: the compiled
    /// level builds the app as a module of another name, so it declares this one for them.
    private(set) var moduleQualified: [String: Set<String>] = [:]
    /// Modules that are not the app's: a name qualified with one of them is never one of the sources' types.
    private static let libraryModules: Set<String> = AppleModules.unavailable.union([
        "Foundation", "Swift", "SwiftData", "Strata", "Observation", "Combine", "os",
    ])
    /// Type names in declaration order (for stable listings).
    private(set) var order: [String] = []
    /// Types declared again at a qualified name already taken, with the declaration read (the first in path order);
    /// the later one and its members are not read.
    private(set) var redeclared: [(read: TypeDecl, again: TypeDecl)] = []
    /// Types declared only in the helper files: names resolve to them, but they are never the folder's plans or
    /// versions.
    private var helperTypes: Set<String> = []
    /// True while the helper files are visited.
    private var visitingHelpers = false
    private var pendingExtensions:
        [(name: String, scope: [String], inherited: [String], members: [(MemberBlockItemSyntax, SourceFile)])] = []

    /// The build `#if` conditions are evaluated for: only the clauses it compiles are indexed.
    let build: SourceBuild

    /// Indexes the declarations of `files`, then those of `helpers` (the enclosing app's other files) where they
    /// declare a name `files` do not, in the clauses of `#if` that `build` compiles.
    init(files: [SourceFile], helpers: [SourceFile] = [], build: SourceBuild = SourceBuild()) {
        self.build = build
        for file in files { visit(file.tree.statements.map(\.item), scope: [], file: file) }
        visitingHelpers = true
        for file in helpers { visit(file.tree.statements.map(\.item), scope: [], file: file) }
        for pending in pendingExtensions {
            // `extension Note` where `typealias Note = SchemaV2.Note` extends SchemaV2.Note.
            guard let name = resolveType(pending.name, from: pending.scope)?.name else {
                externalMembers[PropertyType.lastComponent(pending.name), default: []] += pending.members
                continue
            }
            types[name]?.inherited += pending.inherited
            types[name]?.members += pending.members
        }
    }

    private func visit(_ items: [CodeBlockItemSyntax.Item], scope: [String], file: SourceFile) {
        for item in items {
            guard case .decl(let decl) = item else { continue }
            visit(decl, scope: scope, file: file)
        }
    }

    private func visit(_ decl: DeclSyntax, scope: [String], file: SourceFile) {
        if let group = decl.asProtocol(DeclGroupSyntax.self), !decl.is(ExtensionDeclSyntax.self),
            !decl.is(ProtocolDeclSyntax.self),
            let name = Self.name(of: decl)
        {
            let qualified = (scope + [name]).joined(separator: ".")
            let isModel = Self.isModel(Syntax(decl))
            let members = build.activeMembers(group.memberBlock.members)
            let declared = TypeDecl(
                name: qualified, node: decl, file: file, inherited: Self.inherited(group.inheritanceClause),
                members: members.map { ($0, file) }, isModel: isModel, isEnum: decl.is(EnumDeclSyntax.self))
            if let read = types[qualified] {
                // Helpers are built with the folder: a name they declare again is the app's own error, not ours.
                if !visitingHelpers { redeclared.append((read, declared)) }
                return
            }
            types[qualified] = declared
            if visitingHelpers { helperTypes.insert(qualified) }
            order.append(qualified)
            for member in members { visit(member.decl, scope: scope + [name], file: file) }
        } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            let extended = extensionDecl.extendedType.trimmedDescription
            let members = build.activeMembers(extensionDecl.memberBlock.members)
            pendingExtensions.append(
                (extended, scope, Self.inherited(extensionDecl.inheritanceClause), members.map { ($0, file) }))
            let inner = scope + extended.split(separator: ".").map(String.init)
            for member in members { visit(member.decl, scope: inner, file: file) }
        } else if let function = decl.as(FunctionDeclSyntax.self), scope.isEmpty {
            functions[function.name.text, default: []].append((function, file))
        } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
            let qualified = (scope + [alias.name.text]).joined(separator: ".")
            guard !visitingHelpers || aliases[qualified] == nil else { return }
            aliases[qualified] = Alias(target: alias.initializer.value, scope: scope)
        } else if let conditional = decl.as(IfConfigDeclSyntax.self) {
            // `#if os(iOS)` blocks: the clause the app's build compiles is read.
            switch build.activeClause(of: conditional)?.elements {
            case .statements(let items)?: visit(items.map(\.item), scope: scope, file: file)
            case .decls(let members)?: for member in members { visit(member.decl, scope: scope, file: file) }
            default: break
            }
        }
    }

    /// True for a class marked `@Model` (also spelled `@SwiftData.Model` or `@Strata.Model`).
    static func isModel(_ node: Syntax) -> Bool {
        guard let decl = node.as(ClassDeclSyntax.self) else { return false }
        return decl.attributes.contains { attribute in
            let written = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription
            return written == "Model" || written == "SwiftData.Model" || written == "Strata.Model"
        }
    }

    private static func name(of decl: DeclSyntax) -> String? {
        if let decl = decl.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(ActorDeclSyntax.self) { return decl.name.text }
        return nil
    }

    /// The inherited types as written, without attributes (`@preconcurrency SchemaMigrationPlan` conforms to
    /// `SchemaMigrationPlan`).
    private static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { unattributed($0.type).trimmedDescription } ?? []
    }

    private static func unattributed(_ type: TypeSyntax) -> TypeSyntax {
        type.as(AttributedTypeSyntax.self).map { unattributed($0.baseType) } ?? type
    }

    /// The qualified name of the type or typealias `name` means when written inside `scope` (innermost scope first,
    /// as Swift looks names up), or nil when the sources do not declare it.
    func resolveTypeName(_ name: String, from scope: [String]) -> String? {
        var prefix = scope
        while true {
            let candidate = (prefix + [name]).joined(separator: ".")
            if types[candidate] != nil || aliases[candidate] != nil { return candidate }
            guard !prefix.isEmpty else { break }
            prefix.removeLast()
        }
        // `Self.Item` inside the type, or a name qualified with the app's module (`MyApp.Recipe`): a first
        // component that names no type of the sources is a module.
        if name.hasPrefix("Self.") { return resolveTypeName(String(name.dropFirst(5)), from: scope) }
        if let dot = name.firstIndex(of: "."), resolveTypeName(String(name[..<dot]), from: scope) == nil {
            // The module's own names are its top-level declarations, whatever scope the name is written in.
            let module = String(name[..<dot])
            let rest = String(name[name.index(after: dot)...])
            guard !Self.libraryModules.contains(module), let resolved = resolveTypeName(rest, from: []) else {
                return nil
            }
            moduleQualified[module, default: []].insert(String(rest.prefix { $0 != "." }))
            return resolved
        }
        return nil
    }

    /// The type declaration `name` means inside `scope`, following typealiases.
    func resolveType(_ name: String, from scope: [String]) -> TypeDecl? {
        var seen: Set<String> = []
        var (name, scope) = (name, scope)
        while let qualified = resolveTypeName(name, from: scope), seen.insert(qualified).inserted {
            if let type = types[qualified] { return type }
            guard let alias = aliases[qualified] else { return nil }
            (name, scope) = (alias.target.trimmedDescription, alias.scope)
        }
        return nil
    }

    /// The typealias `name` means inside `scope`, if it is one.
    func alias(_ name: String, from scope: [String]) -> Alias? {
        resolveTypeName(name, from: scope).flatMap { aliases[$0] }
    }

    /// The enclosing scope of a declared type (its name's components but the last).
    func scope(inside type: TypeDecl) -> [String] {
        type.name.split(separator: ".").map(String.init)
    }

    /// The types conforming to `protocolName`, in declaration order.
    func types(conformingTo protocolName: String) -> [TypeDecl] {
        order.filter { !helperTypes.contains($0) }.compactMap { types[$0] }.filter { $0.conforms(to: protocolName) }
    }
}
