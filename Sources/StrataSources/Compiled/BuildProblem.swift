import Foundation
import SwiftSyntax

/// A compiler error in one of the app's files, as the compiled level reports it: where in the original file, the
/// declaration holding it ("Priority.color"), and the compiler's message.
package struct BuildProblem: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Where the error is, in the app's own file.
    package let location: SourceLocation
    /// The declaration it is in, with its enclosing types ("PhotosV2.Photo.thumbnail"), or nil at file level.
    package let declaration: String?
    /// The compiler's message.
    package let message: String

    /// "Models/Item.swift:12:5: error: Item.color: cannot find type 'Color' in scope", as compilers print them.
    package var description: String {
        "\(location): error: \(declaration.map { "\($0): " } ?? "")\(message)"
    }

    /// The errors `output` (a `swift build` log) reports in the files of `app`, whose copies are in `folder`;
    /// errors elsewhere (macro expansions, the package) are left out. Each place is reported once. A symbol not found
    /// in a file whose imports of modules Linux lacks were dropped is said to be likely theirs.
    package static func parse(_ output: String, app: CompiledApp, folder: URL) -> [BuildProblem] {
        let copies = folder.standardizedFileURL.path + "/"
        var problems: [BuildProblem] = []
        for line in output.split(whereSeparator: \.isNewline) {
            guard let error = line.range(of: ": error: ") else { continue }
            var place = line[..<error.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            // The linker names a line without a column (`Pantry.swift:31: error: undefined reference to …`).
            if place.count >= 2, Int(place[place.count - 1]) != nil, Int(place[place.count - 2]) == nil {
                place.append("1")
            }
            guard place.count >= 3, let lineNumber = Int(place[place.count - 2]),
                let column = Int(place[place.count - 1])
            else { continue }
            let path = place.dropLast(2).joined(separator: ":")
            guard path.hasPrefix(copies), let file = app.files.first(where: { copies + $0.name == path }),
                let original = file.original
            else { continue }
            let problem = BuildProblem(
                location: SourceLocation(file: original, line: lineNumber, column: column),
                declaration: declaration(in: file.text, line: lineNumber, column: column),
                message: String(line[error.upperBound...]) + hint(app.droppedModules[file.name] ?? [], line)
                    + reachHint(app.reachedAppleOnly[file.name] ?? [], lineNumber)
                    + remoteHint(app.dependencies.remote, line))
            if !problems.contains(where: { $0.location == problem.location }) { problems.append(problem) }
        }
        return problems
    }

    /// " (the file imports PencilKit, which Linux lacks)" when `line` says a symbol is missing and the file imported
    /// `modules`; "" otherwise.
    private static func hint(_ modules: [String], _ line: Substring) -> String {
        guard !modules.isEmpty, line.contains("cannot find") || line.contains("has no member") else { return "" }
        let names =
            modules.count == 1
            ? modules[0] : modules.dropLast().joined(separator: ", ") + " and " + (modules.last ?? "")
        return " (the file imports \(names), which Linux lacks)"
    }

    /// " (the migration reaches it: Plan → Habit.streakText(…))" when `line` is in one of the members `reached` names
    /// (the members naming a type Linux lacks that the migration calls, with the way to each); "" otherwise.
    private static func reachHint(_ reached: [(lines: ClosedRange<Int>, path: [String])], _ line: Int) -> String {
        guard let member = reached.first(where: { $0.lines.contains(line) }) else { return "" }
        return " (the migration reaches it: \(member.path.joined(separator: " → ")))"
    }

    /// " (Charts comes from a remote package of the app: https://…; …)" when `line` says a module is missing that only
    /// a remote dependency of the app's package provides, or the linker misses a symbol of such a module (its
    /// compiled interface was found among another app's packages in the shared cache, its code is not linked into
    /// this one's); "" otherwise.
    private static func remoteHint(_ remote: [PackageDependencies.Remote], _ line: Substring) -> String {
        var missing = line.firstMatch(of: #/no such module '([^']+)'/#).map { String($0.1) }
        // A Swift symbol's mangling starts with its module's name, after its length: `$s9ShelfLife…`.
        if missing == nil,
            let symbol = line.firstMatch(of: #/undefined reference to '\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)/#),
            let length = Int(symbol.1), symbol.2.count >= length
        {
            missing = String(symbol.2.prefix(length))
        }
        guard let missing, let module = remote.first(where: { $0.module == missing }) else { return "" }
        let urls = module.urls.joined(separator: ", ")
        if let via = module.via {
            return
                " (\(module.module) is in the local package at \(via), which needs \(urls), which the compiled level does not fetch: local checkouts named with .package(path:) would let it build)"
        }
        guard let folder = module.resolveIn else {
            return
                " (\(module.module) is not in the app's local packages; its project depends on \(urls), which the compiled level does not fetch: a local checkout added to the project as a local package would let it build)"
        }
        let cause =
            module.unfetched.map { "strata did not fetch (\($0))" } ?? "strata resolved, none of them providing it"
        return
            " (\(module.module) is not in the app's local packages; its package depends on \(urls), which \(cause), with no copy in \(folder)/.build/checkouts either: `swift package resolve` there, with the network, or a local checkout named with .package(path:) in its Package.swift would let it build)"
    }

    /// The qualified name of the innermost declaration of `text` holding `line`:`column`.
    static func declaration(in text: String, line: Int, column: Int) -> String? {
        let file = SourceFile(path: "", text: text)
        let converter = SourceLocationConverter(fileName: "", tree: file.tree)
        let position = converter.position(ofLine: line, column: column)
        var names: [String] = []
        var node: Syntax? = file.tree.token(at: position).map(Syntax.init)
        while let current = node {
            if let name = name(of: current) { names.insert(name, at: 0) }
            node = current.parent
        }
        return names.isEmpty ? nil : names.joined(separator: ".")
    }

    private static func name(of node: Syntax) -> String? {
        if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ProtocolDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
        if let decl = node.as(FunctionDeclSyntax.self) { return decl.name.text }
        if node.is(InitializerDeclSyntax.self) { return "init" }
        if let decl = node.as(TypeAliasDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumCaseDeclSyntax.self) { return decl.elements.first?.name.text }
        if let decl = node.as(VariableDeclSyntax.self) {
            return decl.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return nil
    }
}
