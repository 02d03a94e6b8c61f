import Foundation
import Strata
import StrataAppleStores

/// How the UI opens a SwiftData or Core Data store: read-only, its embedded model as the first version, the
/// plan's versions after it, the plan version equal to that model found, and the plan's stages from there
/// listed (to read, not to run).
package struct AppleStoreOpening {
    /// The embedded model, then the plan's versions.
    let schemas: [Schema]
    /// The first state: diff from the store's model to the version after the one it equals (or the target).
    let state: AppState
    /// The stages from the store's version on, pending and never run here.
    let stages: [StageRow]
    /// What the Stages pane says about them.
    let note: String

    /// Each entity of a model that inherits or is abstract, with its parent and inherited properties (none when no
    /// entity inherits).
    package static func lineage(of model: AppleModel) -> [String: EntityLineage] {
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
        // "= store" only for a plan version the store's model equals; otherwise the diff goes to the closest version.
        // Composite attributes compare with the app's Codable types (the store records no Swift type names).
        let standing = PlanStanding(store: store, versions: planSchemas)
        let embedded = standing.closestVersion.map { store.schema(alignedWith: $0) } ?? store.schema().schema
        let schemas = [embedded] + planSchemas
        self.schemas = schemas
        let match = standing.equal.map { $0 + 1 }
        let label = Self.storeLabel(store)
        var state = AppState(
            width: width, height: height, options: options, storePath: store.url.path, storeVersion: label,
            planName: planName, schemas: schemas, storeIndex: 0,
            targetIndex: planSchemas.isEmpty ? nil : schemas.count - 1)
        state.versions[0].label = label
        state.storeModelFirst = true
        state.matchIndex = match
        state.mode = .readOnly
        if let match, match + 1 < schemas.count {
            state.diffTo = match + 1
        } else if match == nil, let closest = standing.closest {
            state.diffTo = closest + 1
        }
        stages = standing.stagesAhead(plan?.stages ?? []).map(StageRow.init(planned:))
        // Each entity is shown flattened (Strata has no inheritance), with its parent and inherited properties.
        let lineage = Self.lineage(of: store.model)
        note = Self.note(standing, planned: plan != nil, planName: planName, inherits: !lineage.isEmpty)
        state.modelLineage = lineage
        state.recomputeDiff()
        self.state = state
    }

    /// How the UI names the store's own model: "model 1.0.0", the store's model, not the plan's version
    /// (`AppleStore.modelLabel`).
    package static func storeLabel(_ store: AppleStore) -> String { store.modelLabel }

    /// What the Stages pane says about a store standing so against a plan (`planned` false: no plan given), and that
    /// its entities inherit when they do.
    package static func note(_ standing: PlanStanding, planned: Bool, planName: String?, inherits: Bool) -> String {
        let inheriting =
            inherits
            ? " Its entities inherit: each shows its parent (Entity : Parent) and the properties it inherits." : ""
        return standingNote(standing, planned: planned, planName: planName) + inheriting
    }

    /// The note's first part: the store's model against the plan.
    private static func standingNote(_ standing: PlanStanding, planned: Bool, planName: String?) -> String {
        let label = { (index: Int) in standing.versions[index].version.label }
        guard planned else {
            return
                "A SwiftData / Core Data store opens read-only. Pass --plan NAME, --sources DIR (an app's source folder) or --model PATH (a Core Data model, .xcdatamodeld) to compare its model with a plan's versions."
        }
        if let equal = standing.equal {
            return "The store's model is the plan's \(label(equal)). Read only: these stages are shown, not run."
        }
        if let named = standing.named {
            return
                "The store says it is \(label(named)), but its model is not the plan \(planName ?? "NAME")'s \(label(named)) (\(standing.differences(to: named).count) differences, see the Diff)."
        }
        return
            "The store's model matches no version of the plan \(planName ?? "NAME"); the closest is \(standing.closest.map(label) ?? "?") (see the Diff)."
    }
}
