// `strata` with the safety suites' plans (the bundled ones, the bad-input corpus's, the hostile one), so the
// StrataSafetyTests can run every refusal through the real command line.
import StrataCLI
import StrataSafetyFixtures

StrataCommandLine.main(plans: SafetyPlans.all)
