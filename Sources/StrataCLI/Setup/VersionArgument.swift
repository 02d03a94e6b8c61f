import Strata
import StrataAppleStores
import StrataSources

/// Reads a version given on the command line ("2.0.0", "2", or with `--model` a version's name, "Model 2") against a
/// plan's versions.
enum VersionArgument {
    /// The plan's schema with version `text` (or, for a Core Data `model`, the version so named); a usage error naming
    /// the plan's versions otherwise. With the plan's `source` (read from an app's sources), a version two schema
    /// types declare, or one whose models could not all be read, is refused naming them: a command must not silently
    /// pick one or use a part.
    static func schema(
        _ text: String, in plan: ValidatedPlan, planName: String, source: SourcePlan? = nil,
        model: ModelBundlePlan? = nil
    ) throws -> Schema {
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
        if let source {
            let declaring = source.versions.filter { $0.schema.version == version }
            if declaring.count > 1 {
                throw CommandFailure.findings(
                    "\(declaring.map(\.name).joined(separator: " and ")) all declare version \(version) in plan \(planName), so it is not clear which one is meant; give each version its own identifier"
                )
            }
            let problems = declaring.flatMap(\.problems)
            if let declared = declaring.first, !problems.isEmpty {
                throw CommandFailure.findings(
                    "version \(version) (\(declared.name)) could not be read whole: "
                        + problems.map(\.description).joined(separator: "; "))
            }
        }
        return schema
    }
}
