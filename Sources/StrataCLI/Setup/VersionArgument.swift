import Strata
import StrataAppleStores

/// Reads a version given on the command line ("2.0.0", "2", or with `--model` a version's name, "Model 2") against a
/// plan's versions.
enum VersionArgument {
    /// The plan's schema with version `text` (or, for a Core Data `model`, the version so named); a usage error naming
    /// the plan's versions otherwise.
    static func schema(_ text: String, in plan: ValidatedPlan, planName: String, model: ModelBundlePlan? = nil) throws
        -> Schema
    {
        let known = plan.schemas.compactMap(\.version).map { version in
            model?.name(of: version).map { "\(version) (\($0))" } ?? version.description
        }.joined(separator: ", ")
        if let version = model?.version(named: text), let schema = plan.schema(version) { return schema }
        guard let version = Schema.Version(text) else {
            throw CommandFailure.usage(
                "'\(text)' is not a version like 1.2.0; plan \(planName) has \(known)")
        }
        guard let schema = plan.schema(version) else {
            throw CommandFailure.usage("plan \(planName) has no version \(version); its versions are \(known)")
        }
        return schema
    }
}
