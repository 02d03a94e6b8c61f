import Foundation
import Strata

/// The lint `strata check --sources` runs: the plan checks the engine makes, and the pitfalls of the seeds, each
/// found at its place in the app's sources (`path:line:column: error: message`).
///
/// ```swift
/// let sources = try AppSources(folder: folder)
/// for finding in SourceLint(plan: try sources.plan(named: nil), sources: sources).findings() { print(finding) }
/// ```
package struct SourceLint {
    /// The plan linted.
    package let plan: SourcePlan
    /// Versions as they shipped; the sources' versions of the same identifiers must still equal them.
    package let shipped: [ShippedVersion]
    /// The sources the plan was read from: the language mode of each file (in Swift 6 a stored
    /// `static var versionIdentifier` is an error) and the types they declare twice.
    package let sources: AppSources
    /// The app's CloudKit sync, when it syncs: the rules of CloudKit-synced schemas are linted too.
    package let cloudKit: CloudKitSync?

    /// A lint of `plan`, read from `sources`; with `cloudKit`, the rules of a CloudKit-synced app too.
    package init(
        plan: SourcePlan, sources: AppSources, shipped: [ShippedVersion] = [], cloudKit: CloudKitSync? = nil
    ) {
        self.plan = plan
        self.sources = sources
        self.shipped = shipped
        self.cloudKit = cloudKit
    }

    /// Every finding, errors and warnings, in file, line and column order.
    package func findings() -> [SourceProblem] {
        let (validated, problems) = ValidatedPlan.diagnose(
            name: plan.name, schemas: plan.versions.map(\.schema), stages: plan.stages.map(\.declaration),
            schemaNames: plan.versions.map(\.name))
        var found = sources.redeclarations + plan.problems + problems.map(located)
        found += shippedEdits() + stagelessSteps(validated) + sharedModels() + mutableIdentifiers()
        if cloudKit != nil { found += cloudKitFindings() }
        var seen: Set<SourceProblem> = []
        return found.filter { seen.insert($0).inserted }.sorted {
            ($0.location.file, $0.location.line, $0.location.column) < (
                $1.location.file, $1.location.line, $1.location.column
            )
        }
    }

    /// An engine problem at the declaration it is about: a stage, a version, or the property a model problem names.
    private func located(_ problem: PlanProblem) -> SourceProblem {
        switch problem.subject {
        case .plan:
            return SourceProblem(plan.location, problem.description)
        case .stage(let index):
            return SourceProblem(plan.stages[index].location, problem.description)
        case .schema(let index, let message):
            let version = plan.versions[index]
            let place = version.problems.first { $0.message == message }?.location ?? version.location
            // A model shared by several versions has its problem once, at its declaration.
            return SourceProblem(place, message ?? problem.description)
        }
    }

    /// Shipped versions whose models were edited since, at the version's declaration; and shipped versions the plan
    /// no longer lists (warnings).
    package func shippedEdits() -> [SourceProblem] {
        shipped.compactMap { recorded in
            let identifier = recorded.schema.version.label
            guard let declared = plan.versions.first(where: { $0.schema.version == recorded.schema.version }) else {
                return SourceProblem(
                    plan.location,
                    "\(plan.name) no longer lists \(identifier), which shipped (\(recorded.recordedIn)): stores at \(identifier) cannot be opened",
                    severity: "warning")
            }
            let edits = recorded.edits(in: declared.schema)
            guard !edits.isEmpty else { return nil }
            return SourceProblem(
                declared.location,
                "\(declared.name) (\(identifier)) was edited after it shipped (\(recorded.recordedIn)): "
                    + edits.map(\.description).joined(separator: "; ")
                    + "; stores at \(identifier) will not open: restore it and make the change in a new version")
        }
    }

    /// Consecutive versions with no stage between them, where the migration a store at the first would infer
    /// cannot make the changes: at the later version's declaration.
    private func stagelessSteps(_ validated: ValidatedPlan) -> [SourceProblem] {
        zip(plan.versions, plan.versions.dropFirst()).compactMap { from, to in
            guard !plan.stages.contains(where: { $0.from == from.schema.version && $0.to == to.schema.version }) else {
                return nil
            }
            do {
                _ = try validated.stages(from: from.schema, to: to.schema)
                return nil
            } catch MigrationError.noPath(_, _, _, let reasons) {
                return SourceProblem(
                    to.location,
                    "no stage leads from \(from.name) to \(to.name), and an inferred migration cannot make its changes: "
                        + reasons.dropFirst().joined(separator: "; ")
                        + "; add a custom stage from \(from.name) to \(to.name) to the plan")
            } catch {
                return SourceProblem(to.location, "\(error)")
            }
        }
    }

    /// A model class listed by several versions: editing it for a later one edits the earlier, shipped ones too. One
    /// warning per class, at its first listing by a later version, naming every version that lists it.
    private func sharedModels() -> [SourceProblem] {
        var found: [SourceProblem] = []
        var reported: Set<String> = []
        for (index, version) in plan.versions.enumerated() {
            for model in version.modelNames where !reported.contains(model) {
                guard plan.versions[..<index].contains(where: { $0.modelNames.contains(model) }),
                    let location = version.modelLocations[model]
                else { continue }
                reported.insert(model)
                let listing = plan.versions.filter { $0.modelNames.contains(model) }.map(\.name)
                let message =
                    listing.count == 2
                    ? "\(model) is listed by both \(listing[0]) and \(listing[1]): editing it for \(listing[1]) edits \(listing[0]) too; give \(listing[1]) its own copy of the class"
                    : "\(model) is listed by \(listing.dropLast().joined(separator: ", ")) and \(listing.last ?? ""): editing it for a later version edits the earlier ones too; give each version its own copy of the class"
                found.append(SourceProblem(location, message, severity: "warning"))
            }
        }
        return found
    }

    /// A stored `static var versionIdentifier`: global mutable state, an error in the Swift 6 language mode of the
    /// target compiling the file, and which setting says so.
    private func mutableIdentifiers() -> [SourceProblem] {
        plan.versions.compactMap { version in
            guard version.versionIsStoredVar, let location = version.versionLocation else { return nil }
            let mode = sources.compiledFiles.languageMode(of: location.file)
            let decided = mode.decidedBy.map { " (\(mode.name): \($0))" } ?? ""
            return SourceProblem(
                location,
                "static var versionIdentifier is mutable global state, which the Swift 6 language mode rejects (not concurrency-safe); write static let versionIdentifier\(decided)",
                severity: mode.isSwift6 ? "error" : "warning")
        }
    }
}
