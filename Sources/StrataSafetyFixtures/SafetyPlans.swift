import Strata
import StrataExamples

/// The plans `strata-safety` knows: the bundled examples, the bad plans of the corpus and the hostile plan.
public enum SafetyPlans {
    /// Every plan by the name `--plan` takes.
    public static var all: [String: any SchemaMigrationPlan.Type] {
        var plans = Dictionary(uniqueKeysWithValues: ExamplePlans.all.map { ($0.name, $0.plan) })
        plans["gap"] = BadPlans.Gap.self
        plans["duplicate-versions"] = BadPlans.DuplicateVersions.self
        plans["duplicate-identifiers"] = BadPlans.DuplicateIdentifiers.self
        plans["self-stage"] = BadPlans.SelfStage.self
        plans["throwing-stage"] = BadPlans.ThrowingStage.self
        plans["impossible-lightweight"] = BadPlans.ImpossibleLightweight.self
        plans["older-ledger"] = BadPlans.OlderLedger.self
        plans["modified-first-version"] = BadPlans.ModifiedFirstVersion.self
        plans["hostile"] = Hostile.Plan.self
        return plans
    }
}
