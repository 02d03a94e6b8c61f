import ArgumentParser

/// `--plan NAME` or `--sources DIR`, and `--to V`: the plan and the version `plan` and `migrate` go to.
struct PlanTargetOptions: ParsableArguments {
    @OptionGroup var source: PlanOptions

    @Option(help: "The version to go to (default: the plan's newest).")
    var to: String?

    /// The plan and target version, checked before any store is opened (compiling the app's sources when `use` asks).
    func resolve(compiling use: CompiledLevel.Use = .whenAsked) throws -> PlanTarget {
        try PlanTarget(source, to: to, compiling: use)
    }
}
