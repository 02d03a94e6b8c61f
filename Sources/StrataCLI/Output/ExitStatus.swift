/// The documented exit statuses of every `strata` command.
public enum ExitStatus: Int32, Sendable {
    /// The command did what was asked.
    case ok = 0
    /// `check` found problems, a migration (or its dry run) failed, or a confirmation was declined.
    case findings = 1
    /// The command line is wrong: unknown option, plan, version, entity or column, or a missing `--yes`.
    case usage = 2
    /// The store is missing, not a Strata store, locked or damaged.
    case storeProblem = 3
}
