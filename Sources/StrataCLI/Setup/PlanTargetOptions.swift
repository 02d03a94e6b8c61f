import ArgumentParser

/// `--plan NAME` or `--sources DIR`, and `--to V`: the plan and the version `plan` and `migrate` go to.
struct PlanTargetOptions: ParsableArguments {
    @OptionGroup var source: PlanOptions

    @Option(help: "The version to go to (default: the plan's newest).")
    var to: String?

    /// The plan and target version, checked before any store is opened (compiling the app's sources when `use` asks;
    /// for a dry run, a plan whose problems are all stages that fail when run is run to them).
    func resolve(compiling use: CompiledLevel.Use = .whenAsked, dryRun: Bool = false) throws -> PlanTarget {
        try PlanTarget(source, to: to, compiling: use, dryRun: dryRun)
    }

    /// The options as given, for hints that repeat the command.
    var given: [String] { source.given + (to.map { ["--to", $0] } ?? []) }
}
