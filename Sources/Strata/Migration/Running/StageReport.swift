import Foundation

/// What one stage did (or, in a dry run, would do): its changes, SQL, rows, findings and duration.
public struct StageReport: Sendable {
    /// Which stage: its two versions.
    public let stage: StageID
    /// How the stage came about.
    public let kind: PlannedStage.Kind
    /// The changes it makes, with their classification.
    public let changes: [SchemaChange]
    /// The steps it ran, with their SQL.
    public let steps: [MigrationStep]
    /// Rows copied by rebuilds and saved by `didMigrate`.
    public let rows: Int
    /// Wall time.
    public let duration: TimeInterval
    /// Data-dependent facts found before the stage ran (values dropped, rows lacking values, duplicates).
    public let findings: [DataFinding]
    /// The error, when the stage failed (it rolled back).
    public let failure: MigrationFailure?
    /// What the stage did to each entity's rows, when a ``RowChangeRecorder`` recorded it (empty otherwise).
    public internal(set) var rowChanges: [EntityRowChanges] = []

    /// "1.0.0 -> 2.0.0".
    public var title: String { stage.description }
}
