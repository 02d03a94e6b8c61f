/// A migration plan checked for consistency, with each version's schema built once.
public struct ValidatedPlan: @unchecked Sendable {
    /// The plan's type name.
    public let name: String
    /// Every version's schema, in the plan's order.
    public let schemas: [Schema]
    /// The plan's stages with their schemas and diffs.
    public let stages: [PlannedStage]

    /// Checks a plan; throws `MigrationError.invalidPlan` listing every problem found.
    public init(_ plan: any SchemaMigrationPlan.Type) throws {
        let (validated, problems) = Self.check(plan)
        guard problems.isEmpty else { throw MigrationError.invalidPlan(problems) }
        self = validated
    }

    private init(name: String, schemas: [Schema], stages: [PlannedStage]) {
        self.name = name
        self.schemas = schemas
        self.stages = stages
    }

    /// Checks a plan and returns what it could build with every problem found (for `strata check`).
    public static func check(_ plan: any SchemaMigrationPlan.Type) -> (ValidatedPlan, problems: [String]) {
        var problems: [String] = []
        let name = String(describing: plan)
        let versioned = plan.schemas
        if versioned.isEmpty { problems.append("\(name) lists no schemas") }
        let schemas = versioned.map { Schema(versionedSchema: $0) }
        for schema in schemas where !schema.problems.isEmpty {
            problems += schema.problems.map { "version \(schema.version?.description ?? "?"): \($0)" }
        }
        var seenVersions: [Schema.Version: Int] = [:]
        var seenFingerprints: [String: Schema.Version] = [:]
        for (index, schema) in schemas.enumerated() {
            guard let version = schema.version else { continue }
            if seenVersions[version] != nil {
                problems.append("two schemas have the version identifier \(version) (\(versioned[seenVersions[version]!]) and \(versioned[index])); each version needs its own identifier")
            }
            seenVersions[version] = seenVersions[version] ?? index
            if let twin = seenFingerprints[schema.fingerprint], twin != version {
                problems.append("schemas \(twin) and \(version) are identical (SwiftData stops with \"Duplicate version checksums\"); change the models of one or drop it from the plan")
            }
            seenFingerprints[schema.fingerprint] = seenFingerprints[schema.fingerprint] ?? version
        }
        var stages: [PlannedStage] = []
        for (index, stage) in plan.stages.enumerated() {
            let fromVersion = stage.fromVersion.versionIdentifier, toVersion = stage.toVersion.versionIdentifier
            let label = "stage \(index + 1) (\(stage))"
            guard fromVersion != toVersion else {
                problems.append("\(label) goes from \(fromVersion) to itself; a stage must change the version")
                continue
            }
            guard let from = schemas.first(where: { $0.version == fromVersion }), let to = schemas.first(where: { $0.version == toVersion }) else {
                let missing: [Schema.Version] = [fromVersion, toVersion].filter { version in !schemas.contains { $0.version == version } }
                problems.append("\(label) names \(missing.map(\.description).joined(separator: " and ")), which \(name).schemas does not list")
                continue
            }
            let diff = SchemaDiff(from: from, to: to)
            if case .lightweight = stage {
                for change in diff.customChanges {
                    problems.append("\(label) is lightweight but contains a change it cannot do: \(change) (\(change.classification))")
                }
            }
            if stages.contains(where: { $0.from.version == fromVersion && $0.to.version == toVersion }) {
                problems.append("\(label) repeats a stage from \(fromVersion) to \(toVersion); keep one stage per pair of versions")
                continue
            }
            let kind: PlannedStage.Kind = if case .custom = stage { .custom } else { .lightweight }
            stages.append(PlannedStage(kind: kind, from: from, to: to, diff: diff, stage: stage))
        }
        return (ValidatedPlan(name: name, schemas: schemas, stages: stages), problems)
    }

    /// The plan's schema with this version.
    public func schema(_ version: Schema.Version) -> Schema? { schemas.first { $0.version == version } }

    /// The diffs from one of the plan's versions to another as the plan goes: forward, one per consecutive pair of
    /// versions (so a rename in one step reads as a rename, not as a removal and an addition); backwards, one
    /// direct diff. Empty when either schema is not one of the plan's.
    public func diffs(from: Schema, to: Schema) -> [SchemaDiff] {
        guard let start = schemas.firstIndex(where: { $0.fingerprint == from.fingerprint && $0.version == from.version }),
              let end = schemas.firstIndex(where: { $0.fingerprint == to.fingerprint && $0.version == to.version })
        else { return [] }
        guard start < end else { return [SchemaDiff(from: from, to: to)] }
        return (start..<end).map { SchemaDiff(from: schemas[$0], to: schemas[$0 + 1]) }
    }
}
