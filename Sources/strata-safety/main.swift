// `strata` with the safety suites' plans (the bundled ones, the bad-input corpus's, the hostile one), so the
// StrataSafetyTests can run every refusal through the real command line;
// `misuse-context overlapping|returning|sequential` uses one ModelContext from two threads (ContextMisuse).
import StrataCLI
import StrataSafetyFixtures

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "misuse-context" {
    do {
        try ContextMisuse.run(ContextMisuse.Mode(rawValue: arguments.dropFirst().first ?? "") ?? .sequential)
    } catch {
        print("error: \(error)")
    }
} else {
    StrataCommandLine.main(plans: SafetyPlans.all)
}
