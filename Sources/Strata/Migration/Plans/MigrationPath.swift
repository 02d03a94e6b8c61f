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
        let standing = PlanStanding(recorded: metadata, versions: schemas)
        if let match = standing.equalVersion { return match }
        if standing.isAnotherPlans {
            throw MigrationError.anotherPlansStore(
                store: store, plan: plan, recorded: metadata.version.label,
                entities: metadata.schema.entities.map(\.name).sorted(),
                planEntities: Set(schemas.flatMap { $0.entities.map(\.name) }).sorted())
        }
        if let named = standing.named {
            throw MigrationError.modifiedSchema(
                store: store, version: schemas[named].version,
                differences: standing.differences(to: named).map(\.description))
        }
        throw MigrationError.unknownStoreVersion(
            store: store,
            recorded:
                "\(metadata.version.label) (fingerprint \(metadata.fingerprint.prefix(8)))",
            closest: standing.closestVersion?.version.label,
            differences: standing.closestDifferences.map(\.description))
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
        let fromVersion = from.version.label
        let toVersion = to.version.label
        if let a = from.version, let b = to.version, a > b {
            throw MigrationError.noPath(
                store: store, from: from.version, to: to.version,
                reasons: [
                    "the store is newer than \(toVersion) and the plan has no stage back from \(fromVersion); open it with the newer models or add a downgrade stage"
                ])
        }
        let diff = SchemaDiff(from: from, to: to)
        guard diff.entityRenameProblems.isEmpty else {
            throw MigrationError.noPath(
                store: store, from: from.version, to: to.version,
                reasons: ["no stage of the plan leads there, and the renames of entities are ambiguous:"]
                    + diff.entityRenameProblems)
        }
        let custom = diff.customChanges
        guard custom.isEmpty else {
            throw MigrationError.noPath(
                store: store, from: from.version, to: to.version,
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
