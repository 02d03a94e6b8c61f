import ArgumentParser
import StrataCLI
import StrataExamples

/// The `strata` executable: the StrataCLI command line with the bundled example plans and the UI's subcommands.
@main
enum StrataMain {
    /// Runs the command line with every bundled example plan under its name.
    static func main() {
        StrataCommandLine.main(
            plans: Dictionary(uniqueKeysWithValues: ExamplePlans.all.map { ($0.name, $0.plan) }),
            subcommands: [DemoCommand.self, OpenCommand.self])
    }
}
