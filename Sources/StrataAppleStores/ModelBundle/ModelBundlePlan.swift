import Foundation
import Strata

/// A Core Data model bundle as a Strata migration plan: each version a `Schema` (the N-th version oldest first is
/// version N.0.0), and stages as Core Data would migrate.
///
/// In Core Data's default mode (`NSMigratePersistentStoresAutomaticallyOption` with inference) a store jumps in one
/// step from its version to the current one; the plan then declares the mapping models' steps (custom, not run) and
/// the jumps that depend on the rows (run, failing where the rows fail Core Data), and the engine infers the other
/// jumps. With `progressive` (as apps that chain migrations do) every consecutive pair is a step: a mapping model's
/// where one covers the pair, a lightweight or row-dependent one where Strata's engine can make the change, and a
/// custom one without code (not run) otherwise; `CoreDataStep` says what Core Data itself would do.
public struct ModelBundlePlan: Sendable {
    /// The bundle.
    public let bundle: ModelBundle
    /// True for the step-by-step mode.
    public let progressive: Bool
    /// Each version's schema, oldest first.
    public let schemas: [Schema]
    /// What each version's schema could not carry (inheritance flattened, transformables as data …).
    public let notes: [[ImportNote]]

    /// Why a custom step is not run, as commands say it.
    package static let notRunReason =
        "Strata does not run it: it is a Core Data mapping model's step (its policy classes are the app's code), a change Core Data cannot infer (134140), or one Strata's engine cannot make (see the Core Data verdicts)"

    /// The steps judged so far, shared by the plan's copies in either mode (a step does not depend on the mode).
    private let judged: StepCache

    /// The plan of `bundle`, one jump or step by step; each version is read into a schema once.
    public init(bundle: ModelBundle, progressive: Bool = false) {
        self.bundle = bundle
        self.progressive = progressive
        // Each version carries its name, which text then shows for it; a name holding control characters (a hostile
        // folder name a terminal would act on) is left out, and the version shows by its number.
        let built = bundle.versions.enumerated().map { index, version in
            let printable = !version.name.unicodeScalars.contains { $0.properties.generalCategory == .control }
            return version.schema(version: Schema.Version(index + 1, 0, 0, name: printable ? version.name : nil))
        }
        schemas = built.map(\.schema)
        notes = built.map(\.notes)
        judged = StepCache()
    }

    private init(_ plan: ModelBundlePlan, progressive: Bool) {
        bundle = plan.bundle
        self.progressive = progressive
        schemas = plan.schemas
        notes = plan.notes
        judged = plan.judged
    }

    /// The same plan in the other mode (or this one), sharing its schemas and judged steps: no version is read again.
    public func inMode(progressive: Bool) -> ModelBundlePlan { ModelBundlePlan(self, progressive: progressive) }

    /// The step from version index `from` to `to`, judged once per plan (and its copies in the other mode).
    public func step(from: Int, to: Int) -> CoreDataStep {
        judged.step(from: from, to: to) { CoreDataStep(plan: self, from: from, to: to) }
    }

    /// The plan's name in reports: the model's.
    public var name: String { bundle.name }

    /// The version names, in order.
    public var versionNames: [String] { bundle.versions.map(\.name) }

    /// The Strata version of the version named `name` (also accepting "2" or "2.0.0" for the second).
    public func version(named name: String) -> Schema.Version? {
        bundle.versions.firstIndex { $0.name == name }.map { schemas[$0].version ?? Schema.Version($0 + 1, 0, 0) }
    }

    /// The name of the version at `version`.
    public func name(of version: Schema.Version?) -> String? {
        guard let version, version.minor == 0, version.patch == 0, bundle.versions.indices.contains(version.major - 1)
        else { return nil }
        return bundle.versions[version.major - 1].name
    }

    /// The mapping models that join two versions of the plan, with the indexes of their versions.
    var usableMappings: [(mapping: MappingModel, from: Int, to: Int)] {
        bundle.mappingModels.compactMap { mapping in
            guard let from = versionNames.firstIndex(of: mapping.source),
                let to = versionNames.firstIndex(of: mapping.destination), from != to
            else { return nil }
            return (mapping, from, to)
        }
    }

    /// The stages this mode declares, in version order: the mapping models' (custom, not run), and every pair of the mode (in the
    /// single-jump mode each older version to the current one, step by step each consecutive pair) that no mapping
    /// model covers and that the engine would not take by itself: a step that depends on the rows (run, failing
    /// where the rows fail Core Data), one Core Data infers but Strata's engine cannot make (custom, not run, saying
    /// why), and one Core Data cannot take (134140, failing when reached), in both modes alike.
    var stageDeclarations: [ValidatedPlan.StageDeclaration] {
        var declared = usableMappings.map { usable in
            let title =
                "mapping model \(usable.mapping.name): \(usable.mapping.source) -> \(usable.mapping.destination)"
            let from = schemas[usable.from].version ?? Schema.Version(0, 0, 0)
            let to = schemas[usable.to].version ?? Schema.Version(0, 0, 0)
            switch step(from: usable.from, to: usable.to).mappingRun {
            case .success(let run)?:
                // Its value expressions are carried out as the stage rebuilds the entities; the rows decide the rest.
                var declaration = ValidatedPlan.StageDeclaration(kind: .inferred, from: from, to: to, label: title)
                declaration.mappedValues = run.values
                declaration.rowSources = run.rowSources
                return declaration
            case .failure(let refusal)?:
                var declaration = ValidatedPlan.StageDeclaration(kind: .custom, from: from, to: to, label: title)
                declaration.notRunReason =
                    "Core Data runs mapping model \(usable.mapping.name) for \(usable.mapping.source) -> \(usable.mapping.destination), and Strata does not run it here: \(refusal)"
                return declaration
            case nil:
                return ValidatedPlan.StageDeclaration(kind: .custom, from: from, to: to, label: title)
            }
        }
        let last = schemas.count - 1
        let pairs =
            progressive
            ? schemas.indices.dropLast().map { ($0, $0 + 1) } : schemas.indices.dropLast().map { ($0, last) }
        for (from, to) in pairs {
            guard !usableMappings.contains(where: { $0.from == from && $0.to == to }),
                let fromVersion = schemas[from].version, let toVersion = schemas[to].version
            else { continue }
            let step = step(from: from, to: to)
            let kind = engineKind(of: step)
            // In one jump, the engine infers a step it can make by itself (an entity renamed through its renaming
            // identifier included).
            if !progressive && kind == .lightweight { continue }
            let label =
                switch kind {
                case .lightweight: "inferred"
                case .inferred: "inferred, depends on the rows"
                case .custom: step.canInfer ? "not run by Strata" : "needs a mapping model (134140)"
                }
            var declaration = ValidatedPlan.StageDeclaration(
                kind: progressive && kind == .lightweight ? .lightweight : kind, from: fromVersion, to: toVersion,
                label: "\(label): \(versionNames[from]) -> \(versionNames[to])")
            let blocking = step.verdicts.filter { $0.kind == .needsMapping }.map(\.change)
            if !blocking.isEmpty {
                declaration.impossible =
                    "no mapping model covers \(versionNames[from]) -> \(versionNames[to]) and Core Data cannot infer \(blocking.joined(separator: "; ")): it stops with 134140 \"Can't find mapping model\"; add a .xcmappingmodel for the pair or split the change over versions"
            } else if kind == .custom {
                let unmade = step.diff.customChanges.map(\.description)
                declaration.notRunReason =
                    "Core Data infers \(versionNames[from]) -> \(versionNames[to]), but Strata's engine cannot make \(unmade.joined(separator: "; "))"
            }
            declared.append(declaration)
        }
        return declared.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// How Strata's engine takes a step: `.lightweight` when its own rules allow it, `.inferred` when Core Data
    /// infers it and what stops Strata's rules is only a condition on the rows (a required value added without a
    /// default, an attribute made required) or a type change Core Data's inferred mapping carries (Boolean and the
    /// integers, which the engine's table rebuild copies as they are), `.custom` otherwise.
    ///
    /// An `.inferred` step runs: the engine's check of the required values after the stage then fails at this step
    /// naming the rows without a value, exactly where Core Data stops with 134110, and passes where it passes.
    private func engineKind(of step: CoreDataStep) -> PlannedStage.Kind {
        let custom = step.diff.customChanges
        if custom.isEmpty { return .lightweight }
        guard step.canInfer else { return .custom }
        let dependsOnRows = custom.allSatisfy { change in
            switch change {
            case .attributeAdded, .attributeOptionalityChanged: true
            case .attributeTypeChanged(_, _, let from, let to): CoreDataRules.convertsInferred(from, to)
            case .relationshipAdded(_, let relationship): !relationship.isToMany
            default: false
            }
        }
        return dependsOnRows ? .inferred : .custom
    }

    /// Checks the plan as the engine checks any, naming versions by their names, without SwiftData's rule against
    /// identical versions: Core Data has none. Two versions that Strata stores alike (a class renamed, a transient
    /// attribute added, a `versionHashModifier` changed) are simply equal for a store's rows, and a step between
    /// them has nothing to do.
    public func check() -> (ValidatedPlan, problems: [String]) {
        let (validated, problems) = ValidatedPlan.diagnose(
            name: name, schemas: schemas, stages: stageDeclarations, schemaNames: versionNames)
        return (validated, problems.filter { $0.kind != .identicalSchemas }.map(\.description))
    }
}

/// The steps of a plan judged so far, by their two version indexes (a reference, so a plan stays a value).
private final class StepCache: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [Int: [Int: CoreDataStep]] = [:]

    /// The step from `from` to `to`, judged by `judge` the first time.
    func step(from: Int, to: Int, judge: () -> CoreDataStep) -> CoreDataStep {
        if let known = lock.withLock({ steps[from]?[to] }) { return known }
        let step = judge()
        lock.withLock { steps[from, default: [:]][to] = step }
        return step
    }
}
