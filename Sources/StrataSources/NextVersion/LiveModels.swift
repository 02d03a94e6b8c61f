import Strata
import SwiftSyntax

/// The models an app uses now (the ones its `ModelContainer` is built from): its top-level `@Model` classes, or the
/// classes its top-level typealiases name inside a `VersionedSchema` (`typealias Note = NotesSchemaV2.Note`).
struct LiveModels {
    /// A top-level typealias naming a model class nested in a versioned schema.
    struct Alias {
        /// The alias's name ("Note").
        let name: String
        /// The declaration.
        let decl: TypeAliasDeclSyntax
        /// The file holding it.
        let file: SourceFile
        /// The model class it names.
        let target: DeclarationIndex.TypeDecl
    }

    /// The top-level `@Model` classes, in declaration order.
    let classes: [DeclarationIndex.TypeDecl]
    /// The top-level typealiases naming nested model classes.
    let aliases: [Alias]

    /// The live models of `sources`.
    init(_ sources: AppSources) {
        let index = sources.index
        let read = Set(sources.files.map(\.path))
        classes = index.order.compactMap { index.types[$0] }.filter {
            $0.isModel && !$0.name.contains(".") && read.contains($0.file.path)
        }
        var aliases: [Alias] = []
        for file in sources.files {
            for item in file.tree.statements {
                guard case .decl(let decl) = item.item, let alias = decl.as(TypeAliasDeclSyntax.self),
                    let target = index.resolveType(alias.initializer.value.trimmedDescription, from: []),
                    target.isModel, target.name.contains(".")
                else { continue }
                aliases.append(Alias(name: alias.name.text, decl: alias, file: file, target: target))
            }
        }
        self.aliases = aliases
    }

    /// The model declarations the app uses: the typealiases' targets when it has them, else the top-level classes.
    var declarations: [DeclarationIndex.TypeDecl] { aliases.isEmpty ? classes : aliases.map(\.target) }

    /// The schema of the live models at `version`, with each entity's model class by qualified name.
    func schema(at version: Schema.Version, index: DeclarationIndex) -> (Schema, modelTypes: [String: String]) {
        let read = VersionReader.schema(of: declarations, version: version, index: index, problems: [])
        return (read.schema, read.modelTypes)
    }

    /// The versioned schema whose nested classes the typealiases name, when they all name one.
    func aliasedVersion(in versions: [SourceVersion]) -> SourceVersion? {
        guard !aliases.isEmpty else { return nil }
        let owners = Set(aliases.map { String($0.target.name.split(separator: ".").dropLast().joined(separator: ".")) })
        guard owners.count == 1, let owner = owners.first else { return nil }
        return versions.last { version in version.modelTypes.values.contains { $0.hasPrefix(owner + ".") } }
    }
}
