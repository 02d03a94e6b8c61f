import Foundation
import Strata
import StrataAppleStores

/// How the UI opens a SwiftData or Core Data store: read-only, its embedded model as the first version, the
/// plan's versions after it, the plan version equal to that model found, and the plan's stages from there
/// listed (to read, not to run).
struct AppleStoreOpening {
    /// The embedded model, then the plan's versions.
    let schemas: [Schema]
    /// The first state: diff from the store's model to the version after the one it equals (or the target).
    let state: AppState
    /// The stages from the store's version on, pending and never run here.
    let stages: [StageRow]
    /// What the Stages pane says about them.
    private(set) var note: String

    /// Each entity of a model that inherits or is abstract, with its parent and inherited properties (none when no
    /// entity inherits).
    static func lineage(of model: AppleModel) -> [String: EntityLineage] {
        guard model.entities.contains(where: { $0.parent != nil }) else { return [:] }
        var lineage: [String: EntityLineage] = [:]
        for entity in model.entities where entity.parent != nil || entity.isAbstract {
            var inherited: [String: String] = [:]
            for ancestor in model.ancestors(of: entity.name).reversed() {
                guard let declaring = model.entity(named: ancestor) else { continue }
                for name in declaring.attributes.map(\.name) + declaring.relationships.map(\.name) {
                    inherited[name] = ancestor
                }
            }
            lineage[entity.name] = EntityLineage(
                parent: entity.parent, isAbstract: entity.isAbstract, inherited: inherited)
        }
        return lineage
    }

    /// Reads the store's model and relates it to the plan.
    init(store: AppleStore, plan: ValidatedPlan?, planName: String?, width: Int, height: Int, options: RenderOptions) {
        let planSchemas = plan?.schemas ?? []
        // "= store" only for a plan version the diff finds equal; otherwise the diff goes to the closest version.
        // Composite attributes compare with the app's Codable types (the store records no Swift type names).
        let counts = planSchemas.map { SchemaDiff(from: store.schema(alignedWith: $0), to: $0).changes.count }
        let equal = counts.firstIndex(of: 0)
        let named = store.defaultVersion.flatMap { version in planSchemas.firstIndex { $0.version == version } }
        let closest = counts.indices.min { counts[$0] < counts[$1] }
        let embedded = (equal ?? closest).map { store.schema(alignedWith: planSchemas[$0]) } ?? store.schema().schema
        let schemas = [embedded] + planSchemas
        self.schemas = schemas
        let match = equal.map { $0 + 1 }
        // "model 1.0.0": the row and status bar say it is the store's own model, not the plan's version.
        let label = "model \(store.defaultVersion?.description ?? "unversioned")"
        var state = AppState(
            width: width, height: height, options: options, storePath: store.url.path, storeVersion: label,
            planName: planName, schemas: schemas, storeIndex: 0,
            targetIndex: planSchemas.isEmpty ? nil : schemas.count - 1)
        state.versions[0].version = label
        state.storeModelFirst = true
        state.matchIndex = match
        state.mode = .readOnly
        if let match, match + 1 < schemas.count {
            state.diffTo = match + 1
        } else if match == nil, let closest {
            state.diffTo = closest + 1
        }

        let from = (equal ?? named).flatMap { planSchemas[$0].version }
        let planned: [PlannedStage] = plan?.stages ?? []
        let start = from.flatMap { version in planned.firstIndex { $0.from.version == version } } ?? 0
        stages = planned[start...].map(StageRow.init(planned:))
        let planLabel = planName ?? "NAME"
        switch (plan, equal, named, closest) {
        case (nil, _, _, _):
            note =
                "A SwiftData / Core Data store opens read-only. Pass --plan NAME, --sources DIR (an app's source folder) or --model PATH (a Core Data model, .xcdatamodeld) to compare its model with a plan's versions."
        case (_, let equal?, _, _):
            note =
                "The store's model is the plan's \(StageID.label(planSchemas[equal].version)). Read only: these stages are shown, not run."
        case (_, nil, let named?, _):
            note =
                "The store says it is \(StageID.label(planSchemas[named].version)), but its model is not the plan \(planLabel)'s \(StageID.label(planSchemas[named].version)) (\(counts[named]) differences, see the Diff)."
        case (_, nil, nil, let closest):
            let version = closest.map { StageID.label(planSchemas[$0].version) } ?? "?"
            note =
                "The store's model matches no version of the plan \(planLabel); the closest is \(version) (see the Diff)."
        }
        // Each entity is shown flattened (Strata has no inheritance), with its parent and inherited properties.
        let lineage = Self.lineage(of: store.model)
        state.modelLineage = lineage
        state.recomputeDiff()
        self.state = state
        if !lineage.isEmpty {
            note +=
                " Its entities inherit: each shows its parent (Entity : Parent) and the properties it inherits."
        }
    }
}
