/// A migration plan checked for consistency, with each version's schema built once.
public struct ValidatedPlan: Sendable {
    /// The plan's name in messages: its type name, unless it was picked by another (`named(_:)` with a name).
    public let name: String
    /// Every version's schema, in the plan's order.
    public let schemas: [Schema]
    /// The plan's stages with their schemas and diffs.
    public let stages: [PlannedStage]

    /// Checks a plan; throws `MigrationError.invalidPlan` listing every problem found.
    public init(_ plan: any SchemaMigrationPlan.Type) throws {
        try self.init(checked: Self.check(plan))
    }

    /// The plan a check built; throws `MigrationError.invalidPlan` listing the problems when there are any.
    public init(checked: (ValidatedPlan, problems: [String])) throws {
        guard checked.problems.isEmpty else { throw MigrationError.invalidPlan(checked.problems) }
        self = checked.0
    }

    /// The same plan known by another name, which messages use: the one the user picked it by (`--plan bookshelf`).
    public func named(_ name: String) -> ValidatedPlan { ValidatedPlan(name: name, schemas: schemas, stages: stages) }

    /// The same plan with `reason` as why each custom stage without code is not run (the compiled level was not
    /// entered, or the app's build failed), where the stage has no reason of its own: a fact of the plan, which every
    /// run, dry run and view of it then tells alike.
    public func lackingCode(because reason: String) -> ValidatedPlan {
        ValidatedPlan(
            name: name, schemas: schemas,
            stages: stages.map { stage in
                var stage = stage
                if stage.lacksCode && stage.notRunReason == nil { stage.notRunReason = reason }
                return stage
            })
    }

    private init(name: String, schemas: [Schema], stages: [PlannedStage]) {
        self.name = name
        self.schemas = schemas
        self.stages = stages
    }

    /// Checks a plan and returns what it could build with every problem found (for `strata check`).
    public static func check(_ plan: any SchemaMigrationPlan.Type) -> (ValidatedPlan, problems: [String]) {
        let (validated, problems) = diagnose(plan)
        return (validated, problems.map(\.description))
    }

    /// Checks a plan as `check` does and says what each problem is about.
    public static func diagnose(_ plan: any SchemaMigrationPlan.Type) -> (ValidatedPlan, problems: [PlanProblem]) {
        let versioned = plan.schemas
        let declared = plan.stages.map {
            StageDeclaration(
                kind: $0.kind, from: $0.fromVersion.versionIdentifier, to: $0.toVersion.versionIdentifier, stage: $0,
                label: "\($0)")
        }
        return diagnose(
            name: String(describing: plan), schemas: versioned.map { Schema(versionedSchema: $0) }, stages: declared,
            schemaNames: versioned.map { "\($0)" })
    }

    /// The plan a check built when every problem is one SwiftData meets only when the stage runs, so that a dry
    /// run can run the plan to the failing stage; nil when a problem makes the plan itself unusable.
    public static func runnable(_ diagnosed: (ValidatedPlan, problems: [PlanProblem])) -> ValidatedPlan? {
        diagnosed.problems.allSatisfy(\.failsOnlyWhenRun) ? diagnosed.0 : nil
    }

    /// A stage as a plan declares it: its kind, the versions it joins, and its closures when the plan was compiled.
    public struct StageDeclaration: Sendable {
        /// `.lightweight` or `.custom`.
        public let kind: PlannedStage.Kind
        /// The version the stage starts from.
        public let from: Schema.Version
        /// The version the stage leads to.
        public let to: Schema.Version
        /// The plan's stage with its closures (nil for a plan read from sources without compiling them).
        public let stage: MigrationStage?
        /// How problems name the stage ("lightweight 1.0.0 -> 2.0.0").
        public let label: String
        /// Why a custom stage without code is not run, when the plan knows (``PlannedStage/notRunReason``).
        public var notRunReason: String?
        /// Why the step cannot be taken at all (``PlannedStage/impossible``).
        public var impossible: String?
        /// Where attributes take their values from (``PlannedStage/mappedValues``).
        package var mappedValues: [String: [String: MappedValue]] = [:]
        /// Entities made from another entity's rows (``PlannedStage/rowSources``).
        package var rowSources: [String: RowSource] = [:]

        /// Declares a stage.
        public init(
            kind: PlannedStage.Kind, from: Schema.Version, to: Schema.Version, stage: MigrationStage? = nil,
            label: String? = nil
        ) {
            self.kind = kind
            self.from = from
            self.to = to
            self.stage = stage
            self.label = label ?? "\(kind.rawValue) \(from) -> \(to)"
        }
    }

    /// Checks a plan given as its schemas and stage declarations (a plan read from an app's sources); `schemaNames`
    /// name the schemas in problems (their versions by default).
    public static func check(
        name: String, schemas: [Schema], stages declared: [StageDeclaration], schemaNames: [String]? = nil
    ) -> (ValidatedPlan, problems: [String]) {
        let (validated, problems) = diagnose(name: name, schemas: schemas, stages: declared, schemaNames: schemaNames)
        return (validated, problems.map(\.description))
    }

    /// Checks a plan as `check` does and says what each problem is about (a schema, a stage), for lints that point
    /// at the declaration in the sources.
    public static func diagnose(
        name: String, schemas: [Schema], stages declared: [StageDeclaration], schemaNames: [String]? = nil
    ) -> (ValidatedPlan, problems: [PlanProblem]) {
        var problems: [PlanProblem] = []
        let names = schemaNames ?? schemas.map { $0.version.label }
        if schemas.isEmpty {
            problems.append(PlanProblem(kind: .noSchemas, subject: .plan, description: "\(name) lists no schemas"))
        }
        for (index, schema) in schemas.enumerated() {
            problems += schema.problems.map {
                PlanProblem(
                    kind: .schemaModels, subject: .schema(index, problem: $0),
                    description: "version \(schema.version.label): \($0)")
            }
        }
        var seenVersions: [Schema.Version: Int] = [:]
        var seenFingerprints: [String: Schema.Version] = [:]
        for (index, schema) in schemas.enumerated() {
            guard let version = schema.version else { continue }
            if let first = seenVersions[version] {
                problems.append(
                    PlanProblem(
                        kind: .duplicateVersion, subject: .schema(index, problem: nil),
                        description:
                            "two schemas have the version identifier \(version) (\(names[first]) and \(names[index])); each version needs its own identifier"
                    ))
            }
            seenVersions[version] = seenVersions[version] ?? index
            if let twin = seenFingerprints[schema.fingerprint], twin != version {
                problems.append(
                    PlanProblem(
                        kind: .identicalSchemas, subject: .schema(index, problem: nil),
                        description:
                            "schemas \(twin) and \(version) are identical (SwiftData stops with \"Duplicate version checksums\"); change the models of one or drop it from the plan"
                    ))
            }
            seenFingerprints[schema.fingerprint] = seenFingerprints[schema.fingerprint] ?? version
        }
        // An entity's originalName names an entity of the version before it: each consecutive pair's renames must be
        // unambiguous, whether a stage or an inferred migration joins them.
        for index in schemas.indices.dropFirst() {
            problems += EntityRenames(from: schemas[index - 1], to: schemas[index]).problems.map {
                PlanProblem(
                    kind: .entityRename, subject: .schema(index, problem: nil), description: "\(names[index]): \($0)")
            }
        }
        var stages: [PlannedStage] = []
        for (index, stage) in declared.enumerated() {
            let fromVersion = stage.from
            let toVersion = stage.to
            let label = "stage \(index + 1) (\(stage.label))"
            guard fromVersion != toVersion else {
                problems.append(
                    PlanProblem(
                        kind: .stageToItself, subject: .stage(index),
                        description: "\(label) goes from \(fromVersion) to itself; a stage must change the version"))
                continue
            }
            guard let from = schemas.first(where: { $0.version == fromVersion }),
                let to = schemas.first(where: { $0.version == toVersion })
            else {
                let missing: [Schema.Version] = [fromVersion, toVersion].filter { version in
                    !schemas.contains { $0.version == version }
                }
                problems.append(
                    PlanProblem(
                        kind: .unlistedVersion, subject: .stage(index),
                        description:
                            "\(label) names \(missing.map(\.description).joined(separator: " and ")), which \(name).schemas does not list"
                    ))
                continue
            }
            let diff = SchemaDiff(from: from, to: to)
            if stage.kind == .lightweight {
                for change in diff.customChanges {
                    problems.append(
                        PlanProblem(
                            kind: .lightweightNeedsCode, subject: .stage(index),
                            description:
                                "\(label) is lightweight but contains a change it cannot do: \(change) (\(change.classification))",
                            failsOnlyWhenRun: true))
                }
            }
            if stages.contains(where: { $0.from.version == fromVersion && $0.to.version == toVersion }) {
                problems.append(
                    PlanProblem(
                        kind: .repeatedStage, subject: .stage(index),
                        description:
                            "\(label) repeats a stage from \(fromVersion) to \(toVersion); keep one stage per pair of versions"
                    ))
                continue
            }
            var planned = PlannedStage(kind: stage.kind, from: from, to: to, diff: diff, stage: stage.stage)
            planned.notRunReason = stage.notRunReason
            planned.impossible = stage.impossible
            planned.mappedValues = stage.mappedValues
            planned.rowSources = stage.rowSources
            stages.append(planned)
        }
        return (ValidatedPlan(name: name, schemas: schemas, stages: stages), problems)
    }

    /// The stages a store at `from` runs to reach `to`, as a migration chooses them: the plan's shortest chain, or one
    /// inferred lightweight stage; throws `MigrationError.noPath` with the reasons when neither leads there.
    public func stages(from: Schema, to: Schema) throws -> [PlannedStage] {
        try MigrationPath(schemas: schemas, stages: stages, store: name).stages(from: from, to: to)
    }

    /// The plan's schema with this version.
    public func schema(_ version: Schema.Version) -> Schema? { schemas.first { $0.version == version } }

    /// The plan's own version equal to `version` (with the name the plan gives it, as a store records only the
    /// number), else `version`.
    public func named(_ version: Schema.Version?) -> Schema.Version? {
        version.flatMap { schema($0)?.version } ?? version
    }

    /// The diffs from one of the plan's versions to another as the plan goes: forward, one per consecutive pair of
    /// versions (so a rename in one step reads as a rename, not as a removal and an addition); backwards the same
    /// steps in reverse, each diffed backwards (a rename undone reads as a rename back). Empty when either schema is
    /// not one of the plan's.
    public func diffs(from: Schema, to: Schema) -> [SchemaDiff] {
        guard
            let start = schemas.firstIndex(where: { $0.fingerprint == from.fingerprint && $0.version == from.version }),
            let end = schemas.firstIndex(where: { $0.fingerprint == to.fingerprint && $0.version == to.version })
        else { return [] }
        guard start != end else { return [SchemaDiff(from: from, to: to)] }
        guard start < end else {
            return (end..<start).reversed().map { SchemaDiff(from: schemas[$0 + 1], to: schemas[$0]) }
        }
        return (start..<end).map { SchemaDiff(from: schemas[$0], to: schemas[$0 + 1]) }
    }
}
