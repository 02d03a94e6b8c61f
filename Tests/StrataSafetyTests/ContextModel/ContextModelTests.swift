import Foundation
import PropertyBased
import Testing

/// Random sequences of context operations on the vault's models, run against a real store and `VaultReference`.
/// The quick profile runs a few dozen sequences; `STRATA_MODEL_SEQUENCES=10000` (or `STRATA_FULL=1`) runs the
/// long one (see docs/SAFETY.md).
@Suite struct ContextModelTests {
    /// How many sequences a property runs: `STRATA_MODEL_SEQUENCES`, else 10,000 with `STRATA_FULL=1`, else `quick`.
    static func sequences(quick: Int) -> Int {
        let environment = ProcessInfo.processInfo.environment
        if let count = environment["STRATA_MODEL_SEQUENCES"].flatMap(Int.init) { return count }
        return environment["STRATA_FULL"] == "1" ? 10_000 : quick
    }

    @Test func contextOperationsMatchTheReference() async throws {
        await propertyCheck(count: Self.sequences(quick: 30), input: ContextStep.generator.array(of: 1...40)) { steps in
            let problems = try VaultRun.problems(steps)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
