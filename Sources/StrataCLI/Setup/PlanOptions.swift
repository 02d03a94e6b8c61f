import ArgumentParser
import Foundation
import Strata
import StrataSources

/// `--plan NAME` and `--sources DIR`: a plan this build knows by name, or the plan an app's source folder declares
/// (read with swift-syntax, compiling nothing; `--plan` then picks among several plans by type name).
struct PlanOptions: ParsableArguments {
    @Option(
        help:
            "The plan: a name this build knows (see `strata --help`), or with --sources the plan's type name (needed only when the sources declare several)."
    )
    var plan: String?

    @Option(
        help: ArgumentHelp(
            "An app's source folder: its versioned schemas and migration plan are read from its Swift files (compiling nothing; the folder is never written).",
            valueName: "dir"))
    var sources: String?

    /// True when neither option was given.
    var isEmpty: Bool { plan == nil && sources == nil }

    /// The plan the options name, checked (problems included, for `check`); a usage error when neither is given.
    func resolve() throws -> ResolvedPlan {
        if let sources {
            let app: AppSources
            let plan: SourcePlan
            do {
                app = try AppSources(folder: URL(fileURLWithPath: sources))
                plan = try app.plan(named: self.plan)
            } catch let error as SourceReadingError {
                throw CommandFailure.usage(error.description)
            }
            return ResolvedPlan(name: plan.name, checked: plan.check(), source: plan, sources: app)
        }
        guard let plan else {
            throw CommandFailure.usage("name a plan with --plan NAME, or an app's source folder with --sources DIR")
        }
        return ResolvedPlan(
            name: plan, checked: ValidatedPlan.check(try CommandLineSetup.current.catalog.plan(named: plan)),
            source: nil, sources: nil)
    }
}

/// A plan chosen on the command line: its name there, what checking it built and found, and its sources if read from them.
struct ResolvedPlan {
    /// The name reports use (`--plan`'s, or the type name read from the sources).
    let name: String
    /// The checked plan and its problems.
    let checked: (ValidatedPlan, problems: [String])
    /// The plan as read from an app's sources, when it was.
    let source: SourcePlan?
    /// The app's sources it was read from.
    let sources: AppSources?

    /// The plan, refusing one with problems (`MigrationError.invalidPlan`, exit 1).
    func validated() throws -> ValidatedPlan { try ValidatedPlan(checked: checked) }
}
