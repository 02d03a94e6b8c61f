import ArgumentParser

/// `strata-bench`: benchmarks of Strata's store, one subcommand each.
@main
struct StrataBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-bench",
        abstract: "Benchmarks of Strata's SQLite store.",
        discussion: """
            Build in release mode for numbers worth comparing.

            Example:
              swift run -c release strata-bench enumerate --rows 1000000
              swift run -c release strata-bench migrations --rows 1000000 --scaling --write BENCHMARKS.md
              swift run -c release strata-bench app --rows 100000 --runs 3
              swift run -c release strata-bench concurrency --rows 100000
              swift run -c release strata-bench model --versions 90 --runs 3
              .build/debug/strata-bench compiled --unwarmed
            """,
        subcommands: [
            EnumerateBenchmark.self, MigrationBenchmark.self, AppBenchmark.self, ConcurrencyBenchmark.self,
            ModelBenchmark.self, CompiledStartBenchmark.self,
        ]
    )
}
