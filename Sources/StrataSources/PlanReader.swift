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
        if let listed = StaticMember.find("stages", in: type), let array = listed.value.as(ArrayExprSyntax.self) {
            for element in array.elements {
                guard let resolved = resolver.resolve(element.expression, file: listed.file) else {
                    problems.append(
                        SourceProblem(
                            listed.file.location(of: element),
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
        } else {
            let listed = StaticMember.find("stages", in: type)
            problems.append(
                SourceProblem(
                    listed.map { $0.file.location(of: $0.value) } ?? type.file.location(of: type.node),
                    listed == nil
                        ? "\(type.simpleName) has no static stages Strata can read"
                        : "\(type.simpleName).stages is not an array literal of stages Strata can read"))
        }
        var ordered: [SourceVersion] = []
        if let listed = StaticMember.find("schemas", in: type) {
            for reference in VersionReader.typeReferences(listed.value) {
                if let found = version(named: reference.name, at: reference.node, in: listed.file) {
                    ordered.append(found)
                }
            }
        } else {
            // The older shape: the versions the stages name, in order, then `currentSchema`.
            let current = StaticMember.find("currentSchema", in: type)
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
