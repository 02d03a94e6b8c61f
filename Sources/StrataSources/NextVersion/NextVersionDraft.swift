import Foundation
import Strata

/// What `strata next-version` would write to ship an app's model change: the shipped version frozen, the new version,
/// the plan extended and the stage between them, as edits to the app's files, with the plan it intends (what the
/// files must read back as).
package struct NextVersionDraft: Sendable {
    /// How the app held its models before.
    package enum Start: String, Sendable {
        /// No `SchemaMigrationPlan` yet: the live models become version 1.
        case noPlan = "no plan"
        /// The latest version lists the live top-level classes.
        case liveClasses = "live classes"
        /// The live models are typealiases of a version's nested classes.
        case typealiases
        /// The app names the latest version's nested classes directly (`SchemaV3.Item`).
        case nestedClasses = "nested classes"
    }

    /// One version of the intended plan.
    package struct Version: Sendable, Equatable {
        /// The `VersionedSchema` type's name.
        package let name: String
        /// Its identifier.
        package let version: Schema.Version
    }

    /// One stage of the intended plan.
    package struct Stage: Sendable, Equatable {
        /// `.lightweight` or `.custom`.
        package let kind: PlannedStage.Kind
        /// The version it starts from.
        package let from: Schema.Version
        /// The version it leads to.
        package let to: Schema.Version
    }

    /// How the app held its models.
    package let start: Start
    /// The plan's type name.
    package let planName: String
    /// The version that shipped.
    package let shipped: Version
    /// The new version (made now, or the one in progress).
    package let new: Version
    /// The shipped version's schema, as the files must read back.
    package let shippedSchema: Schema
    /// The new version's schema (renames declared), as the files must read back.
    package let newSchema: Schema
    /// The changes from the shipped version to the new one.
    package let changes: [SchemaChange]
    /// The stage written now, or nil (no change yet, or the stage is there already).
    package let stage: Stage?
    /// The plan's versions once the edits are made.
    package let versions: [Version]
    /// The plan's stages once the edits are made.
    package let stages: [Stage]
    /// The edits to the app's files.
    package let edits: SourceEdits
    /// What the developer should know (the line that builds the container, what to do next).
    package let notes: [String]

    /// True when the sources already hold everything: nothing to write.
    package var isEmpty: Bool { edits.isEmpty }
}

extension NextVersionDraft {
    /// The draft for `sources`: the plan named `planName` (the only one when nil; none for an app without a plan),
    /// the shipped version from `frozen` when given, else the plan's latest version (the one before it when no stage
    /// leads to the latest, which is then the version in progress). Throws a refusal when the sources do not read
    /// cleanly or a change needs a decision the request does not make.
    package static func make(
        sources: AppSources, planName: String?, frozen: FrozenVersions?, request: NextVersionRequest
    ) throws -> NextVersionDraft {
        if let problem = sources.problems.first {
            throw NextVersionRefusal("the sources do not read cleanly: \(problem); `strata check` lists every problem")
        }
        let live = LiveModels(sources)
        var builder = DraftBuilder(sources: sources, live: live, request: request)
        guard !sources.plans.isEmpty else {
            guard !live.declarations.isEmpty else {
                throw NextVersionRefusal(
                    "\(sources.folder.path) declares no plan and no top-level @Model class or typealias of one")
            }
            if let version = sources.versions.first {
                throw NextVersionRefusal(
                    "\(version.location): \(version.name) is a VersionedSchema of no plan; declare the plan that lists it, then run again"
                )
            }
            return try builder.withoutPlan()
        }
        let plan: SourcePlan
        do { plan = try sources.plan(named: planName) } catch let error as SourceReadingError {
            throw NextVersionRefusal(error.description)
        }
        if let problem = plan.problems.first {
            throw NextVersionRefusal(
                "plan \(plan.name) does not read cleanly: \(problem); `strata check` lists every problem")
        }
        return try builder.extending(plan, frozen: frozen)
    }
}
