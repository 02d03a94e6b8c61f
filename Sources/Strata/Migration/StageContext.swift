/// What a context knows while it runs a stage's closure: which closure, which version, and where the rows
/// from before the stage are kept for `valueBeforeMigration`.
struct StageContext {
    /// "willMigrate" or "didMigrate".
    let phase: String
    /// The version whose models the closure works on.
    let version: String
    /// The schema before the stage (with model types when it comes from the plan).
    let oldSchema: Schema
    /// The table holding each entity's rows as they were before the stage.
    let oldTables: [String: String]
}
