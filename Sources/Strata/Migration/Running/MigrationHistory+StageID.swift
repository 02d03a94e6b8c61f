extension MigrationHistory {
    /// The stage this history row records, its versions parsed back from the table ("" is unversioned).
    public var stage: StageID { StageID(from: Schema.Version(fromVersion), to: Schema.Version(toVersion)) }

    /// How the stage came about, as the planner names it (nil for a kind this version does not know).
    public var stageKind: PlannedStage.Kind? { PlannedStage.Kind(rawValue: kind) }
}
