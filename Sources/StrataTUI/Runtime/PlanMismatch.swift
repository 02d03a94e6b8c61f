import Strata

/// A Strata store whose schema is none of the plan's versions (a store of another plan, or one changed after
/// its version shipped): its recorded schema is shown as version 0 ("store 1.0.0"), diffed against the plan
/// version closest to it, and nothing is planned.
struct PlanMismatch {
    /// The store's own schema, then the plan's versions.
    let schemas: [Schema]
    /// The plan version with the fewest differences from the store (an index into `schemas`).
    let closest: Int
    /// How many differences that is.
    let differences: Int
    /// What the Stages pane says.
    let note: String
    private let storeLabel: String
    private let planName: String

    /// Relates the store's recorded schema to the plan's versions (`standing`, which finds it equal to none).
    init(store metadata: StoreMetadata, standing: PlanStanding, planName: String) {
        schemas = [metadata.schema] + standing.versions
        let best = standing.closest ?? 0
        closest = best + 1
        self.planName = planName
        differences = standing.closestDifferences.count
        storeLabel = "store \(metadata.version.label)"
        let version = (standing.closestVersion?.version).label
        let named = standing.named != nil
        note =
            "The store matches no version of the plan \(planName)\(named ? " (its \(metadata.version.label) is another schema)" : ""): "
            + "the closest is \(version), \(differences) difference\(differences == 1 ? "" : "s") away (see the Diff). "
            + "Open it with the plan it was made with, or fix the plan; nothing can run."
    }

    /// The first state: the store's schema diffed against the closest version.
    func state(width: Int, height: Int, options: RenderOptions, storePath: String) -> AppState {
        var state = AppState(
            width: width, height: height, options: options, storePath: storePath, storeVersion: storeLabel,
            planName: planName, schemas: schemas, storeIndex: 0, targetIndex: nil)
        state.versions[0].label = storeLabel
        state.storeModelFirst = true
        state.diffTo = closest
        state.recomputeDiff()
        return state
    }
}
