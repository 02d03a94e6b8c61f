import Strata

/// The plan and target version a `plan` or `migrate` command line names, checked before any store is opened.
struct PlanTarget {
    /// The plan type.
    let plan: any SchemaMigrationPlan.Type
    /// The version to migrate to: `--to`, or the plan's newest.
    let version: Schema.Version?

    /// Looks up `name` and checks `to` against the plan's versions; an invalid plan throws its problems.
    init(name: String, to: String?) throws {
        plan = try CommandLineSetup.current.catalog.plan(named: name)
        let validated = try ValidatedPlan(plan)
        version = try to.map { try VersionArgument.schema($0, in: validated, planName: name).version } ?? validated.schemas.last?.version
    }
}
