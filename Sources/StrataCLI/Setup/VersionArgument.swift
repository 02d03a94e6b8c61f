import Strata

/// Reads a version given on the command line ("2.0.0", "2") against a plan's versions.
enum VersionArgument {
    /// The plan's schema with version `text`; a usage error naming the plan's versions otherwise.
    static func schema(_ text: String, in plan: ValidatedPlan, planName: String) throws -> Schema {
        let known = plan.schemas.compactMap(\.version).map(\.description).joined(separator: ", ")
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
