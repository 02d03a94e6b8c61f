/// Where a store stands against a plan's versions: the version its schema is, else the closest one and what differs,
/// and the stages ahead of it. The one answer the migrator, the CLI, the UI and the importer share; only the rule that
/// compares a store with one version differs by store kind (a Strata store's fingerprint, an Apple store's embedded
/// model beside defaults).
package struct PlanStanding: Sendable {
    /// The plan's versions, in order.
    package let versions: [Schema]
    /// The index of the version the store's schema is, if one.
    package let equal: Int?
    /// The index of the version the store's recorded version number names, if the plan has it.
    package let named: Int?
    /// The index of the version with the fewest differences (the equal one when there is one).
    package let closest: Int?
    /// What differs from the store's schema to each version, in the versions' order.
    private let changes: [[SchemaChange]]
    /// True when the store shares at most a quarter of its entities (none, for a store of one or two) with every
    /// version: a store made with another plan, not a shipped version edited since.
    package let isAnotherPlans: Bool

    /// Relates a store to `versions` by a rule given per version: `differences` lists what differs, `isEqual` decides
    /// equality from a version's index and those differences; `entities` are the store's entity names and `recorded`
    /// the version number it records.
    package init(
        versions: [Schema], recorded: Schema.Version?, entities: Set<String>,
        isEqual: (_ index: Int, _ differences: [SchemaChange]) -> Bool,
        differences: (Schema) -> [SchemaChange]
    ) {
        self.versions = versions
        let changes = versions.map(differences)
        self.changes = changes
        let equal = versions.indices.first { isEqual($0, changes[$0]) }
        self.equal = equal
        named = recorded.flatMap { version in versions.firstIndex { $0.version == version } }
        closest = equal ?? changes.indices.min { changes[$0].count < changes[$1].count }
        let shared = versions.map { entities.intersection($0.entities.map(\.name)).count }.max() ?? 0
        isAnotherPlans = !entities.isEmpty && !versions.isEmpty && shared * 4 <= entities.count
    }

    /// Relates a Strata store's recorded schema to `versions`: equal by fingerprint, or, for a store recorded before
    /// its Codable types' shapes were known, the version it names with the same fingerprint without shapes.
    package init(recorded metadata: StoreMetadata, versions: [Schema]) {
        let named = metadata.version.flatMap { version in versions.firstIndex { $0.version == version } }
        self.init(
            versions: versions, recorded: metadata.version, entities: Set(metadata.schema.entities.map(\.name)),
            isEqual: { index, _ in
                versions[index].fingerprint == metadata.fingerprint
                    || (index == named && versions[index].fingerprintWithoutShapes == metadata.fingerprint)
            },
            differences: { SchemaDiff(from: metadata.schema, to: $0).changes })
    }

    /// The version the store's schema is, if one.
    package var equalVersion: Schema? { equal.map { versions[$0] } }

    /// The version closest to the store's schema, if the plan has any.
    package var closestVersion: Schema? { closest.map { versions[$0] } }

    /// What differs from the store's schema to the version at `index`.
    package func differences(to index: Int) -> [SchemaChange] { changes[index] }

    /// What differs from the store's schema to the closest version (empty when it is equal).
    package var closestDifferences: [SchemaChange] { closest.map { changes[$0] } ?? [] }

    /// The plan's stages from the store's version on (from the version it equals, else the one it names; none at the
    /// last version), or all of them when its version is unknown.
    package func stagesAhead(_ stages: [PlannedStage]) -> [PlannedStage] {
        guard let from = (equal ?? named).flatMap({ versions[$0].version }) else { return stages }
        return stages.filter { stage in stage.from.version.map { $0 >= from } ?? false }
    }
}
