import Strata
import SwiftSyntax

/// Reads a `SchemaMigrationPlan` type: `schemas` (or, in the older shape, the versions the stages name and
/// `currentSchema`) and `stages`, each stage an inline `.lightweight` / `.custom` call or a static member holding one.
struct PlanReader {
    let index: DeclarationIndex
    private let versions: VersionReader

    init(index: DeclarationIndex) {
        self.index = index
        versions = VersionReader(index: index)
    }

    /// The plan `type` declares.
    func read(_ type: DeclarationIndex.TypeDecl) -> SourcePlan {
        let scope = index.scope(inside: type)
        var problems: [SourceProblem] = []
        var read: [String: SourceVersion] = [:]
        func version(named name: String, at node: some SyntaxProtocol, in file: SourceFile) -> SourceVersion? {
            guard let declared = index.resolveType(name, from: scope), declared.conforms(to: "VersionedSchema") else {
                problems.append(
                    SourceProblem(file.location(of: node), "\(name) is not a VersionedSchema of the sources"))
                return nil
            }
            if let known = read[declared.name] { return known }
            switch versions.read(declared) {
            case .success(let version):
                read[declared.name] = version
                return version
            case .failure(let problem):
                problems.append(problem)
                return nil
            }
        }
        var stages: [SourceStage] = []
        let resolver = StageResolver(index: index, plan: type)
        let lists = StaticList(index: index)
        switch lists.read("stages", of: type) {
        case nil:
            problems.append(
                SourceProblem(
                    type.file.location(of: type.node), "\(type.simpleName) has no static stages Strata can read"))
        case .unreadable(let unreadable, let declaration)?:
            problems.append(
                SourceProblem(
                    declaration.file.location(of: declaration.decl),
                    StaticList.message(owner: type.simpleName, member: "stages", unreadable)))
        case .elements(let elements)?:
            for element in elements {
                guard let resolved = resolver.resolve(element.expression, file: element.file) else {
                    problems.append(
                        SourceProblem(
                            element.file.location(of: element.expression),
                            "\(element.expression.trimmedDescription) is not a MigrationStage Strata can read"))
                    continue
                }
                let (call, file, node) = (resolved.call, resolved.file, resolved.node)
                let kind: PlannedStage.Kind = call.name == "custom" ? .custom : .lightweight
                guard let from = call.version("fromVersion"), let to = call.version("toVersion") else {
                    problems.append(
                        SourceProblem(
                            file.location(of: node),
                            "\(element.expression.trimmedDescription): its fromVersion and toVersion are not written as SchemaV1.self, so Strata cannot tell which versions it joins"
                        ))
                    continue
                }
                guard let fromVersion = version(named: from, at: node, in: file),
                    let toVersion = version(named: to, at: node, in: file)
                else { continue }
                stages.append(
                    SourceStage(
                        kind: kind, from: fromVersion.schema.version ?? .init(0, 0, 0),
                        to: toVersion.schema.version ?? .init(0, 0, 0),
                        location: file.location(of: node)))
            }
        }
        var ordered: [SourceVersion] = []
        let schemas = lists.read("schemas", of: type)
        if case .unreadable(let unreadable, let declaration)? = schemas {
            problems.append(
                SourceProblem(
                    declaration.file.location(of: declaration.decl),
                    StaticList.message(owner: type.simpleName, member: "schemas", unreadable)))
        } else if case .elements(let elements)? = schemas {
            for element in elements {
                guard let name = VersionReader.typeReference(element.expression) else {
                    problems.append(
                        SourceProblem(
                            element.file.location(of: element.expression),
                            "\(element.expression.trimmedDescription) in \(type.simpleName).schemas is not written as SchemaV1.self"
                        ))
                    continue
                }
                if let found = version(named: name, at: element.expression, in: element.file) { ordered.append(found) }
            }
        } else {
            // The older shape: the versions the stages name, in order, then `currentSchema`.
            let current = StaticMember.find("currentSchema", in: type, build: index.build)
            if let current, let currentName = VersionReader.typeReference(current.value) {
                _ = version(named: currentName, at: current.value, in: current.file)
            }
            let stageVersions = stages.flatMap { [$0.from, $0.to] }
            for version in stageVersions + read.values.compactMap(\.schema.version)
            where !ordered.contains(where: { $0.schema.version == version }) {
                if let found = read.values.first(where: { $0.schema.version == version }) { ordered.append(found) }
            }
        }
        return SourcePlan(
            name: type.simpleName, qualifiedName: type.name, location: type.file.location(of: type.node),
            versions: ordered, stages: stages, problems: problems)
    }
}
