import Strata

/// One stage of a plan read from the sources: its kind, the versions it joins, and where it is written.
public struct SourceStage: Sendable {
    /// `.lightweight` or `.custom`.
    public let kind: PlannedStage.Kind
    /// The version it starts from.
    public let from: Schema.Version
    /// The version it leads to.
    public let to: Schema.Version
    /// Where the stage is written (the `static let` or the element of `stages`).
    public let location: SourceLocation

    /// The stage as the engine declares it (no closures: they are not compiled at this level).
    public var declaration: ValidatedPlan.StageDeclaration {
        ValidatedPlan.StageDeclaration(kind: kind, from: from, to: to)
    }
}
