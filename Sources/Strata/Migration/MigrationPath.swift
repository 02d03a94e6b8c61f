/// Finds where a store is within a plan and the stages that lead it to a target version.
struct MigrationPath {
    /// The plan's schemas (empty without a plan).
    let schemas: [Schema]
    /// The plan's stages (empty without a plan).
    let stages: [PlannedStage]
    let store: String
    /// How messages name the plan ("" for "the plan").
    var plan = ""

    /// The plan's schema the store's recorded schema is; throws when it is none, when the store was made with another
    /// plan (it shares no entity, or almost none, with any version), or when its version was modified.
    func locate(_ metadata: StoreMetadata) throws -> Schema {
        if let match = schemas.first(where: { $0.fingerprint == metadata.fingerprint }) { return match }
        if isAnotherPlans(metadata.schema) {
            throw MigrationError.anotherPlansStore(
                store: store, plan: plan, recorded: metadata.version?.description ?? "unversioned",
                entities: metadata.schema.entities.map(\.name).sorted(),
                planEntities: Set(schemas.flatMap { $0.entities.map(\.name) }).sorted())
        }
        if let version = metadata.version, let declared = schemas.first(where: { $0.version == version }) {
            // A store recorded before its Codable types' shapes were known: the same version, by name.
            if declared.fingerprintWithoutShapes == metadata.fingerprint { return declared }
            throw MigrationError.modifiedSchema(
                store: store, version: version.description,
                differences: SchemaDiff(from: metadata.schema, to: declared).changes.map(\.description))
        }
        let closest = schemas.min {
            SchemaDiff(from: metadata.schema, to: $0).changes.count
                < SchemaDiff(from: metadata.schema, to: $1).changes.count
        }
        throw MigrationError.unknownStoreVersion(
            store: store,
            recorded:
                "\(metadata.version?.description ?? "(unversioned)") (fingerprint \(metadata.fingerprint.prefix(8)))",
            closest: closest?.version?.description,
            differences: closest.map { SchemaDiff(from: metadata.schema, to: $0).changes.map(\.description) } ?? [])
    }

    /// True when `schema` shares at most a quarter of its entities (none, for a store of one or two) with every
    /// version of the plan: a store made with another plan, not a shipped version edited since.
    func isAnotherPlans(_ schema: Schema) -> Bool {
        let names = Set(schema.entities.map(\.name))
        guard !names.isEmpty, !schemas.isEmpty else { return false }
        let shared = schemas.map { names.intersection($0.entities.map(\.name)).count }.max() ?? 0
        return shared * 4 <= names.count
    }

    /// The stages from `from` to `to`: the plan's shortest chain, or one inferred lightweight stage for an
    /// upgrade the plan has no stages for, when every change allows it.
    ///
    /// As in SwiftData, an inferred stage may remove attributes, relationships and entities (their data goes);
    /// that loss is reported as destructive findings and warning events, and refused only in strict mode
    /// (`Migrator(…, refusingDataLoss: true)`).
    func stages(from: Schema, to: Schema) throws -> [PlannedStage] {
        guard from.fingerprint != to.fingerprint else { return [] }
        if let chain = shortestChain(from: from, to: to) { return chain }
        let fromVersion = from.version?.description ?? "unversioned"
        let toVersion = to.version?.description ?? "unversioned"
        if let a = from.version, let b = to.version, a > b {
            throw MigrationError.noPath(
                store: store, from: fromVersion, to: toVersion,
                reasons: [
                    "the store is newer than \(toVersion) and the plan has no stage back from \(fromVersion); open it with the newer models or add a downgrade stage"
                ])
        }
        let diff = SchemaDiff(from: from, to: to)
        guard diff.entityRenameProblems.isEmpty else {
            throw MigrationError.noPath(
                store: store, from: fromVersion, to: toVersion,
                reasons: ["no stage of the plan leads there, and the renames of entities are ambiguous:"]
                    + diff.entityRenameProblems)
        }
        let custom = diff.customChanges
        guard custom.isEmpty else {
            throw MigrationError.noPath(
                store: store, from: fromVersion, to: toVersion,
                reasons: [
                    "no stage of the plan leads there, and a lightweight migration cannot be inferred because these changes need a custom stage:"
                ]
                    + custom.map { "\($0): \($0.classification)" })
        }
        return [PlannedStage(kind: .inferred, from: from, to: to, diff: diff, stage: nil)]
    }

    private func shortestChain(from: Schema, to: Schema) -> [PlannedStage]? {
        var previous: [String: PlannedStage] = [:]
        var queue = [from.fingerprint]
        var seen: Set<String> = [from.fingerprint]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            if current == to.fingerprint {
                var chain: [PlannedStage] = []
                var cursor = current
                while let stage = previous[cursor] {
                    chain.insert(stage, at: 0)
                    cursor = stage.from.fingerprint
                }
                return chain
            }
            for stage in self.stages where stage.from.fingerprint == current && !seen.contains(stage.to.fingerprint) {
                seen.insert(stage.to.fingerprint)
                previous[stage.to.fingerprint] = stage
                queue.append(stage.to.fingerprint)
            }
        }
        return nil
    }
}
