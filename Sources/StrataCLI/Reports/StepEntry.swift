import Strata

/// One step of a stage in reports: `{"summary", "phase", "sql": [String]}` (values bound, shown as `?`).
struct StepEntry: Encodable {
    /// What the step does, such as "rebuild Book (12-step)".
    let summary: String
    /// "structure" (before didMigrate) or "finish" (indexes, after didMigrate).
    let phase: String
    /// The statements it runs.
    let sql: [String]

    /// The entry of a step.
    init(_ step: MigrationStep) {
        summary = step.summary
        phase = step.phase.rawValue
        sql = step.sql
    }
}
