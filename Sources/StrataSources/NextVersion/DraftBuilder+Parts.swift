import Foundation
import Strata
import SwiftSyntax

extension DraftBuilder {
    /// The live models' declarations copied for a frozen version: each model class and each type of the app they
    /// store (Codable structs, enums), as written, so a later edit to the live type cannot change the shipped one.
    func frozenCopyDeclarations() -> [String] {
        frozenCopyDeclarations(reachedFrom: live.classes)
    }

    /// The top-level types of the app `models` reach (the models among them), copied as written.
    func frozenCopyDeclarations(reachedFrom models: [DeclarationIndex.TypeDecl]) -> [String] {
        ReachedTypes.reach(from: models, index: sources.index)
            .filter { !$0.name.contains(".") }
            .map { VersionText.copy(of: $0.node) }
    }

    /// The frozen copies as members of a new version enum.
    func frozenCopies(indent: String) -> String {
        VersionText.members(frozenCopyDeclarations(), indent: indent).trimmingSuffix("\n") + "\n"
    }

    /// The app's name before "App" (`NotesApp` gives "Notes"), for the names of a first plan; "" without an `App`.
    func appPrefix() -> String {
        let app = sources.index.types(conformingTo: "App").first?.simpleName ?? ""
        return app.hasSuffix("App") ? String(app.dropLast(3)) : app
    }

    /// A refusal when `schema` has problems (a model the sources cannot store).
    func refuseProblems(_ schema: Schema, of what: String) throws {
        let problems = ValidatedPlan.diagnose(name: "", schemas: [schema], stages: [], schemaNames: [what]).problems
        if let problem = problems.first {
            throw NextVersionRefusal("\(what) do not read cleanly: \(problem); `strata check` lists every problem")
        }
    }

    /// Each attribute's stored default in `schema`, for a schema rebuilt from its entities.
    func defaults(of schema: Schema) -> [String: [String: StoredDefault]] {
        var defaults: [String: [String: StoredDefault]] = [:]
        for entity in schema.entities {
            for attribute in entity.attributes {
                if let value = schema.storedDefault(entity.name, attribute.name) {
                    defaults[entity.name, default: [:]][attribute.name] = value
                }
            }
        }
        return defaults
    }

    /// Where the app builds its container, and what it must say there for the new plan.
    func containerNote(planName: String, newName: String) -> String {
        for file in sources.files {
            let text = file.tree.description
            for marker in [".modelContainer(for:", "ModelContainer(for:"] {
                guard let range = text.range(of: marker) else { continue }
                let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
                let shown = SourceEdits.FileChange.relative(file.path, to: sources.folder)
                return
                    "the container is built at \(shown):\(line): give it the plan, `\(marker.dropLast(5))(for: Schema(versionedSchema: \(newName).self), migrationPlan: \(planName).self)`"
            }
        }
        return
            "build the container with the plan: ModelContainer(for: Schema(versionedSchema: \(newName).self), migrationPlan: \(planName).self)"
    }

    /// The new files added to the Xcode project compiling `anchor` (the file they are created beside): to its group
    /// and its targets' Sources (``XcodeProjectAddition``), or nothing where a synchronized folder holds them; what
    /// was done, in a note, or what the developer must do.
    mutating func addToProject(beside anchor: String) throws -> [String] {
        let created = edits.changes.filter { $0.before == nil }.map(\.path)
        guard let project = sources.compiledFiles.project, !created.isEmpty else { return [] }
        for url in sources.compiledFiles.xcodeProjects {
            let addition = try XcodeProjectAddition(project: url)
            switch addition.adding(created, beside: anchor) {
            case .synchronized(let folder):
                return [
                    "\(url.lastPathComponent) compiles the new files without an edit: \(folder) is a file-system-synchronized folder"
                ]
            case .added(let insertions, let summary):
                let path = url.appendingPathComponent("project.pbxproj").path
                for insertion in insertions {
                    edits.insert(insertion.text, at: insertion.offset, inFile: path, original: addition.text)
                }
                return [summary]
            case .notCompiled:
                continue
            }
        }
        return [
            "\(project) compiles a new file only in a target: a file-system-synchronized folder adds it, otherwise add it to the app's target in Xcode"
        ]
    }

    /// What to do when the new version equals the shipped one.
    func editThenRunAgain(_ newName: String) -> String {
        "\(newName) equals the shipped version until you edit its models; edit them, then run next-version again to write the stage"
    }

    /// The next version after `shipped`: `--as`, or the next major; named after `shipped`'s name with its number
    /// raised ("SchemaV2" after "SchemaV1").
    func nextVersion(after shipped: SourceVersion, in plan: SourcePlan) throws -> NextVersionDraft.Version {
        let current = shipped.schema.version ?? Schema.Version(1, 0, 0)
        let version = request.version ?? Schema.Version(current.major + 1, 0, 0)
        guard version > current else {
            throw NextVersionRefusal("--as \(version) must be later than the shipped \(current)")
        }
        let digits = shipped.name.reversed().prefix { $0.isNumber }
        let stem = shipped.name.dropLast(digits.count)
        let name =
            digits.isEmpty ? "\(shipped.name)V\(version.major)" : "\(stem)\((Int(String(digits.reversed())) ?? 0) + 1)"
        if sources.index.resolveType(name, from: []) != nil
            || plan.versions.contains(where: { $0.schema.version == version })
        {
            throw NextVersionRefusal(
                "the next version would be \(name) at \(version), but the sources have one of them already; give another with --as"
            )
        }
        return NextVersionDraft.Version(name: name, version: version)
    }

    /// `shipped`'s declaration (its members from every extension) copied as the new version in a file beside it, and
    /// the live typealiases retargeted to it (without typealiases, the app is told to name the new version's classes).
    mutating func copy(_ shipped: DeclarationIndex.TypeDecl, as new: NextVersionDraft.Version) throws {
        if live.aliases.isEmpty {
            notes.append(
                "the app names \(shipped.simpleName)'s classes directly: point it at \(new.name)'s (a typealias per model, `typealias Item = \(new.name).Item`, keeps that to one place)"
            )
        } else if live.aliasedVersion(in: sources.versions)?.name != shipped.simpleName {
            throw NextVersionRefusal(
                "the live typealiases do not all name models of \(shipped.simpleName), the plan's latest version: point them at it, or give --frozen to say which version shipped"
            )
        }
        let members = shipped.members.map { member, _ -> String in
            if let variable = member.decl.as(VariableDeclSyntax.self),
                variable.bindings.contains(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "versionIdentifier"
                })
            {
                return "static let versionIdentifier = \(VersionText.identifier(new.version))"
            }
            return VersionText.copy(of: member.decl)
        }
        let files = [shipped.file] + shipped.members.map { $0.1 }
        let body = "enum \(new.name): VersionedSchema {\n" + VersionText.members(members).trimmingSuffix("\n") + "\n}"
        let folder = URL(fileURLWithPath: shipped.file.path).deletingLastPathComponent()
        edits.create(
            folder.appendingPathComponent("\(new.name).swift").path,
            VersionText.file(imports: VersionText.imports(of: files), body))
        for alias in live.aliases {
            let rest = alias.target.name.dropFirst(shipped.name.count)
            edits.replace(alias.decl.initializer.value, in: alias.file, with: "\(new.name)\(rest)")
        }
    }

    /// `schema` with each `--rename` declared (`originalName` set), the declarations edited to say so.
    mutating func renamed(
        _ schema: Schema, shipped: Schema, models: [String: DeclarationIndex.TypeDecl]
    ) throws -> Schema {
        guard !request.renames.isEmpty else { return schema }
        var entities = schema.entities
        for (key, old) in request.renames.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: ".").map(String.init)
            let (entity, name) = (parts[0], parts[1])
            guard let entityIndex = entities.firstIndex(where: { $0.name == entity }),
                let attributeIndex = entities[entityIndex].attributes.firstIndex(where: { $0.name == name })
            else {
                throw NextVersionRefusal(
                    "--rename \(entity).\(old)=\(name): the new version has no attribute \(entity).\(name)")
            }
            guard shipped.entitiesByName[entity]?.attribute(named: old) != nil else {
                throw NextVersionRefusal(
                    "--rename \(entity).\(old)=\(name): the shipped version has no attribute \(entity).\(old)")
            }
            guard entities[entityIndex].attributes[attributeIndex].originalName != old else { continue }
            guard let model = models[entity] else {
                throw NextVersionRefusal(
                    "--rename \(entity).\(old)=\(name): the model class of \(entity) cannot be edited")
            }
            entities[entityIndex].attributes[attributeIndex].originalName = old
            try edits.rename(name, from: old, in: model)
        }
        return Schema(entities: entities, version: schema.version, defaults: defaults(of: schema))
    }

    /// A refusal when an entity lost an attribute and gained one of the same type that no `--rename` or `--drop`
    /// explains: a rename or a drop and an add, which only the developer can say.
    func refuseAmbiguity(_ diff: SchemaDiff) throws {
        var removed: [String: [Schema.Attribute]] = [:]
        var added: [String: [Schema.Attribute]] = [:]
        for change in diff.changes {
            if case .attributeRemoved(let entity, let attribute) = change,
                !request.drops.contains("\(entity).\(attribute.name)")
            {
                removed[entity, default: []].append(attribute)
            }
            if case .attributeAdded(let entity, let attribute) = change { added[entity, default: []].append(attribute) }
        }
        for (entity, gone) in removed.sorted(by: { $0.key < $1.key }) {
            for old in gone {
                guard let new = added[entity]?.first(where: { $0.valueType == old.valueType }) else { continue }
                throw NextVersionRefusal(
                    "\(entity).\(old.name) was removed and \(entity).\(new.name) added, both \(new.valueType): a rename or a drop and an add? Say --rename \(entity).\(old.name)=\(new.name) to keep its values, or --drop \(entity).\(old.name) to drop them"
                )
            }
        }
    }
}

extension String {
    /// The string without `suffix` at its end, repeated.
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
