import ArgumentParser
import Foundation

/// What `--fail-on` makes exit 1, besides what always does (an invalid plan, a failing stage or upgrade path).
enum FailCondition: String, CaseIterable {
    /// An error: the default, and always on.
    case error
    /// A lint warning, or a finding on the rows (plan, migrate).
    case warning
    /// A change or a stage that drops values, rows or links.
    case dataLoss = "data-loss"
    /// A custom stage whose code was not run (the static level, a build that failed).
    case customNotRun = "custom-not-run"

    /// The conditions `values` name, each a name or a comma-separated list of names; throws naming an unknown one.
    static func parse(_ values: [String]) throws -> Set<FailCondition> {
        var conditions: Set<FailCondition> = [.error]
        for name in values.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let condition = FailCondition(rawValue: name) else {
                throw ValidationError(
                    "--fail-on takes \(allCases.map(\.rawValue).joined(separator: ", ")) (repeated or separated by commas), not '\(name)'"
                )
            }
            conditions.insert(condition)
        }
        return conditions
    }
}
