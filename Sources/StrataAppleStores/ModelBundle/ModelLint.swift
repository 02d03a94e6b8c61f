import Foundation
import Strata

/// The lint of a Core Data model (`strata check --model`): what would make Core Data fail or behave unlike the
/// app's intent, at its place in the model's files.
public struct ModelLint: Sendable {
    /// The plan linted, in its mode.
    let plan: ModelBundlePlan
    /// True when the rules of a CloudKit-synced model apply: a version says `usedWithCloudKit="YES"`, or
    /// `--cloudkit` forced them.
    public let syncsWithCloudKit: Bool

    /// Lints `plan`; `cloudKit` applies the rules of a CloudKit-synced model even when no version says it is one.
    public init(plan: ModelBundlePlan, cloudKit: Bool = false) {
        self.plan = plan
        syncsWithCloudKit = cloudKit || plan.bundle.versions.contains(where: \.usedWithCloudKit)
    }

    /// Every finding, in the order of the versions.
    public var findings: [ModelFinding] {
        unknownMappingVersions() + afterCurrent() + danglingRenames() + requiredWithoutDefault() + unreachable()
            + modeDifferences() + (syncsWithCloudKit ? cloudKitFindings() : [])
    }

    private var versions: [ModelVersion] { plan.bundle.versions }

    /// A mapping model naming a version the model does not hold.
    private func unknownMappingVersions() -> [ModelFinding] {
        let names = plan.bundle.order.names
        return plan.bundle.mappingModels.flatMap { mapping in
            [mapping.source, mapping.destination].filter { !names.contains($0) }.map { missing in
                ModelFinding(
                    file: mapping.url.path, line: mapping.line, isError: true,
                    message:
                        "mapping model \(mapping.name) names version \(missing), which the model does not hold (versions: \(names.joined(separator: ", "))); Core Data never uses it"
                )
            }
        }
    }

    /// Versions ordered after the current one.
    private func afterCurrent() -> [ModelFinding] {
        plan.bundle.afterCurrent.map { name in
            ModelFinding(
                file: plan.bundle.url.path, line: 1, isError: false,
                message:
                    "version \(name) comes after the current version \(plan.bundle.current) (\(plan.bundle.currentReason)); no migration reaches it, and it is left out of the plan"
            )
        }
    }

    /// A renaming identifier naming nothing in any earlier version.
    private func danglingRenames() -> [ModelFinding] {
        var findings: [ModelFinding] = []
        // The names and renaming identifiers of the entities of the versions before the one looked at, grown as the
        // versions are walked (not gathered again per version).
        var entityNames: Set<String> = []
        for (index, version) in versions.enumerated() {
            defer {
                entityNames.formUnion(version.entities.flatMap { [$0.name, $0.renamingIdentifier].compactMap { $0 } })
            }
            guard index > 0 else { continue }
            let earlier = versions[..<index]
            for entity in version.entities {
                if let identifier = entity.renamingIdentifier, !entityNames.contains(identifier) {
                    findings.append(
                        finding(
                            version, entity.line, error: false,
                            "entity \(entity.name)'s renaming identifier \(identifier) names no entity of an earlier version (\(earlier.map(\.name).joined(separator: ", "))); Core Data treats \(entity.name) as new and its rows start empty. Fix the identifier or remove it"
                        ))
                }
                let renamed =
                    entity.attributes.compactMap { a in a.renamingIdentifier.map { (a.name, $0, a.line) } }
                    + entity.relationships.compactMap { r in r.renamingIdentifier.map { (r.name, $0, r.line) } }
                guard !renamed.isEmpty else { continue }
                let previous = earlier.compactMap {
                    $0.entity(named: entity.renamingIdentifier ?? entity.name) ?? $0.entity(named: entity.name)
                }
                let propertyNames = Set(
                    previous.flatMap { old in
                        old.attributes.flatMap { [$0.name, $0.renamingIdentifier].compactMap { $0 } }
                            + old.relationships.flatMap { [$0.name, $0.renamingIdentifier].compactMap { $0 } }
                    })
                for (name, identifier, line) in renamed where !propertyNames.contains(identifier) {
                    findings.append(
                        finding(
                            version, line, error: false,
                            "\(entity.name).\(name)'s renaming identifier \(identifier) names no property of \(entity.name) in an earlier version; Core Data adds \(name) as new instead of renaming. Fix the identifier or remove it"
                        ))
                }
            }
        }
        return findings
    }

    /// A required attribute added without a default, in each consecutive step.
    private func requiredWithoutDefault() -> [ModelFinding] {
        plan.schemas.indices.dropLast().flatMap { index in
            plan.step(from: index, to: index + 1).verdicts.compactMap { verdict in
                guard case .noRows = verdict.condition, let line = verdict.line, let file = verdict.file else {
                    return nil
                }
                return ModelFinding(
                    file: file.path, line: line, isError: false,
                    message:
                        "\(verdict.change) in \(versions[index + 1].name): Core Data infers it, then \(verdict.condition.map(\.description) ?? ""); give it a default value or make it optional"
                )
            }
        }
    }

    /// Versions from which a store cannot reach the current version in this mode.
    private func unreachable() -> [ModelFinding] {
        let last = versions.count - 1
        return versions.indices.dropLast().compactMap { index in
            let path = CoreDataPath(plan: plan, from: index, to: last)
            guard let blocked = path.blocked else { return nil }
            let changes = blocked.verdicts.filter { $0.kind == .needsMapping }.map(\.change).joined(separator: "; ")
            return ModelFinding(
                file: versions[index].contentsURL.path, line: 1, isError: true,
                message:
                    "a store at \(versions[index].name) cannot reach \(versions[last].name)\(plan.progressive ? " step by step" : " in Core Data's single jump"): \(blocked.fromName) -> \(blocked.toName) has no mapping model and Core Data cannot infer \(changes); it stops with 134140 \"Can't find mapping model\". Add a .xcmappingmodel for \(blocked.fromName) -> \(blocked.toName) or split the change over versions"
            )
        }
    }

    /// Where one jump and the chain disagree for a store at an older version: one fails where the other succeeds,
    /// or the jump skips a mapping model the chain runs. Warnings: the mode the plan uses fails as `unreachable`.
    private func modeDifferences() -> [ModelFinding] {
        let last = versions.count - 1
        guard last > 1 else { return [] }
        let jumpPlan = plan.inMode(progressive: false)
        let chainPlan = plan.inMode(progressive: true)
        return versions.indices.dropLast(2).flatMap { index -> [ModelFinding] in
            let jump = CoreDataPath(plan: jumpPlan, from: index, to: last)
            let chain = CoreDataPath(plan: chainPlan, from: index, to: last)
            let name = versions[index].name
            let file = versions[index].contentsURL.path
            var result: [ModelFinding] = []
            if jump.blocked != nil && chain.blocked == nil {
                result.append(
                    ModelFinding(
                        file: file, line: 1, isError: false,
                        message:
                            "a store at \(name) fails Core Data's single jump to \(versions[last].name) (134140) where migrating step by step succeeds; migrate progressively (or add a mapping model \(name) -> \(versions[last].name))"
                    ))
            } else if jump.blocked == nil && chain.blocked != nil {
                result.append(
                    ModelFinding(
                        file: file, line: 1, isError: false,
                        message:
                            "a store at \(name) reaches \(versions[last].name) in Core Data's single jump but not step by step (\(chain.blocked.map { "\($0.fromName) -> \($0.toName)" } ?? "")): keep the single jump, or add the missing mapping model"
                    ))
            }
            for mapping in CoreDataPath.mappingsSkippedByTheJump(in: plan, from: index, to: last) {
                result.append(
                    ModelFinding(
                        file: mapping.url.path, line: mapping.line, isError: false,
                        message: CoreDataPath.skippedMappingWarning(
                            mapping, storeAt: name, current: versions[last].name)))
            }
            return result
        }
    }

    private func finding(_ version: ModelVersion, _ line: Int, error: Bool, _ message: String) -> ModelFinding {
        ModelFinding(file: version.contentsURL.path, line: line, isError: error, message: message)
    }
}
