import StrataCLI
import StrataExamples

/// The `strata` executable: the StrataCLI command line (with its UI) and the bundled example plans.
@main
enum StrataMain {
    /// Runs the command line with every bundled example plan under its name, and `demo`, which makes their stores.
    static func main() {
        StrataCommandLine.main(
            plans: Dictionary(uniqueKeysWithValues: ExamplePlans.all.map { ($0.name, $0.plan) }),
            subcommands: [DemoCommand.self])
    }
}
