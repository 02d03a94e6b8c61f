import Strata

// Safe: immutable; plan metatypes are of caseless enums with only static members.
/// The migration plans a `strata` build knows, by the name `--plan` takes.
struct PlanCatalog: @unchecked Sendable {
    /// The plans by name.
    let plans: [String: any SchemaMigrationPlan.Type]

    /// The names, sorted.
    var names: [String] { plans.keys.sorted() }

    /// The plan named `name`; a usage error listing the known names otherwise.
    func plan(named name: String) throws -> any SchemaMigrationPlan.Type {
        guard let plan = plans[name] else {
            let known = names.isEmpty ? "this strata has no plans" : "known plans: \(names.joined(separator: ", "))"
            throw CommandFailure.usage("unknown plan '\(name)'; \(known)")
        }
        return plan
    }
}
