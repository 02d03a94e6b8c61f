import Strata
import StrataText

/// The plan and target version a `plan` or `migrate` command line names, checked before any store is opened.
struct PlanTarget {
    /// The plan as the command line chose it.
    let resolved: ResolvedPlan
    /// The checked plan.
    let plan: ValidatedPlan
    /// The version to migrate to: `--to`, or the plan's newest.
    let version: Schema.Version?

    /// Resolves the plan options (moving to the compiled level as `use` says) and checks `to` against the plan's
    /// versions; an invalid plan throws its problems, unless `dryRun` and its problems are all stages SwiftData would
    /// start and fail (a lightweight stage holding a change it cannot make): then they are printed as warnings and
    /// the dry run goes until that stage fails with the data.
    init(_ options: PlanOptions, to: String?, compiling use: CompiledLevel.Use = .whenAsked, dryRun: Bool = false)
        throws
    {
        let resolved = try options.resolve(compiling: use)
        let plan: ValidatedPlan
        if dryRun, !resolved.checked.problems.isEmpty, let runnable = resolved.runnable {
            for problem in resolved.checked.problems {
                Console.error("warning: \(TerminalText.sanitize(problem)); the dry run goes until this stage fails")
            }
            plan = runnable
        } else {
            plan = try resolved.validated()
        }
        self.resolved = resolved
        self.plan = plan
        version =
            try to.map {
                try VersionArgument.schema(
                    $0, in: plan, planName: resolved.name, source: resolved.source, model: resolved.model
                ).version
            }
            ?? plan.schemas.last?.version
    }
}
