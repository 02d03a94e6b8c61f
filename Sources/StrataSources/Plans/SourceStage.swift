import Strata

/// One stage of a plan read from the sources: its kind, the versions it joins, and where it is written.
package struct SourceStage: Sendable {
    /// `.lightweight` or `.custom`.
    package let kind: PlannedStage.Kind
    /// The version it starts from.
    package let from: Schema.Version
    /// The version it leads to.
    package let to: Schema.Version
    /// Where the stage is written (the `static let` or the element of `stages`).
    package let location: SourceLocation

    /// The stage as the engine declares it (no closures: they are not compiled at this level).
    package var declaration: ValidatedPlan.StageDeclaration {
        ValidatedPlan.StageDeclaration(kind: kind, from: from, to: to)
    }
}
