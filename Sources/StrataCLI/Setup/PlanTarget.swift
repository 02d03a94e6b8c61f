import Strata

/// The plan and target version a `plan` or `migrate` command line names, checked before any store is opened.
struct PlanTarget {
    /// The plan as the command line chose it.
    let resolved: ResolvedPlan
    /// The checked plan.
    let plan: ValidatedPlan
    /// The version to migrate to: `--to`, or the plan's newest.
    let version: Schema.Version?

    /// Resolves the plan options (moving to the compiled level as `use` says) and checks `to` against the plan's
    /// versions; an invalid plan throws its problems.
    init(_ options: PlanOptions, to: String?, compiling use: CompiledLevel.Use = .whenAsked) throws {
        let resolved = try options.resolve(compiling: use)
        let plan = try resolved.validated()
        self.resolved = resolved
        self.plan = plan
        version =
            try to.map {
                try VersionArgument.schema($0, in: plan, planName: resolved.name, model: resolved.model).version
            }
            ?? plan.schemas.last?.version
    }
}
