import Strata

/// A Core Data model bundle as a Strata migration plan: each version a `Schema` (the N-th version oldest first is
/// version N.0.0), and stages as Core Data would migrate.
///
/// In Core Data's default mode (`NSMigratePersistentStoresAutomaticallyOption` with inference) a store jumps in one
/// step from its version to the current one; the plan then declares only the mapping models' steps (custom, not run),
/// and the engine infers the single jump. With `progressive` (as apps that chain migrations do) every consecutive pair
/// is a step: a mapping model's where one covers the pair, a lightweight one where Strata's engine can make the
/// change, and a custom one without code (not run) otherwise; `CoreDataStep` says what Core Data itself would do.
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
    public static let notRunReason =
        "Strata does not run it: it is a Core Data mapping model's step (its policy classes are the app's code), or a change Core Data decides on the rows or cannot infer (see the Core Data verdicts: 134110, 134140)"

    /// The plan of `bundle`, one jump or step by step.
    public init(bundle: ModelBundle, progressive: Bool = false) {
        self.bundle = bundle
        self.progressive = progressive
        let built = bundle.versions.enumerated().map { index, version in
            version.schema(version: Schema.Version(index + 1, 0, 0))
        }
        schemas = built.map(\.schema)
        notes = built.map(\.notes)
    }

    /// The plan's name in reports: the model's.
    public var name: String { bundle.name }

    /// The version names, in order.
    public var versionNames: [String] { bundle.versions.map(\.name) }

    /// The Strata version of the version named `name` (also accepting "2" or "2.0.0" for the second).
    public func version(named name: String) -> Schema.Version? {
        bundle.versions.firstIndex { $0.name == name }.map { Schema.Version($0 + 1, 0, 0) }
    }

    /// The name of the version at `version`.
    public func name(of version: Schema.Version?) -> String? {
        guard let version, version.minor == 0, version.patch == 0, bundle.versions.indices.contains(version.major - 1)
        else { return nil }
        return bundle.versions[version.major - 1].name
    }

    /// The mapping models that join two versions of the plan, with the indexes of their versions.
    public var usableMappings: [(mapping: MappingModel, from: Int, to: Int)] {
        bundle.mappingModels.compactMap { mapping in
            guard let from = versionNames.firstIndex(of: mapping.source),
                let to = versionNames.firstIndex(of: mapping.destination), from != to
            else { return nil }
            return (mapping, from, to)
        }
    }

    /// The stages this mode declares.
    public var stageDeclarations: [ValidatedPlan.StageDeclaration] {
        var declared = usableMappings.map { usable in
            ValidatedPlan.StageDeclaration(
                kind: .custom, from: schemas[usable.from].version ?? Schema.Version(0, 0, 0),
                to: schemas[usable.to].version ?? Schema.Version(0, 0, 0),
                label: "mapping model \(usable.mapping.name): \(usable.mapping.source) -> \(usable.mapping.destination)"
            )
        }
        guard progressive else { return declared }
        for index in schemas.indices.dropLast() {
            guard !usableMappings.contains(where: { $0.from == index && $0.to == index + 1 }),
                let from = schemas[index].version, let to = schemas[index + 1].version
            else { continue }
            // Strata's engine runs the step when its own rules allow it lightweight; a step Core Data infers but
            // Strata cannot make (a new required value, a to-one made to-many) or one Core Data cannot infer is
            // declared custom without code: the dry run stops there and the Core Data verdicts say why.
            let runnable = SchemaDiff(from: schemas[index], to: schemas[index + 1]).customChanges.isEmpty
            declared.append(
                ValidatedPlan.StageDeclaration(
                    kind: runnable ? .lightweight : .custom, from: from, to: to,
                    label:
                        "\(runnable ? "inferred" : "not run by Strata"): \(versionNames[index]) -> \(versionNames[index + 1])"
                ))
        }
        return declared
    }

    /// Checks the plan as the engine checks any, naming versions by their names. Two versions Strata stores alike
    /// are not a problem here when Core Data's hashes tell them apart (a changed `versionHashModifier`, ordering
    /// or external storage): Core Data migrates between them and Strata has nothing to change.
    public func check() -> (ValidatedPlan, problems: [String]) {
        let (validated, problems) = ValidatedPlan.diagnose(
            name: name, schemas: schemas, stages: stageDeclarations, schemaNames: versionNames)
        let kept = problems.filter { problem in
            guard case .schema(let index, problem: nil) = problem.subject,
                problem.description.contains("are identical"),
                let twin = schemas.firstIndex(where: { $0.fingerprint == schemas[index].fingerprint }), twin != index
            else { return true }
            return CoreDataStep(plan: self, from: twin, to: index).hashOnlyChanges.isEmpty
        }
        return (validated, kept.map(\.description))
    }
}
