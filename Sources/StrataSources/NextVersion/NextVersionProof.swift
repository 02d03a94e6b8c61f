import Foundation
import Strata

/// The proof of a ``NextVersionDraft`` before it is written: the edited files read back with the sources reader
/// (into a scratch folder; the app's folder is not touched) must give the intended plan (versions, stages and their
/// kinds, the shipped and new schemas), and a lightweight stage is dry-run on a sample store at the shipped version.
package struct NextVersionProof: Sendable {
    /// The plan's versions as the edited files read back.
    package let versions: [NextVersionDraft.Version]
    /// The plan's stages as the edited files read back.
    package let stages: [NextVersionDraft.Stage]
    /// How the read-back differs from the intended plan; empty when it equals it.
    package let mismatches: [String]
    /// The dry run of the new stage on a sample store at the shipped version, when it ran.
    package let dryRun: DryRunReport?
    /// Why the stage was not dry-run (a custom stage at the static level), or nil.
    package let notRun: String?
    /// The dry run of a custom stage at the compiled level, when it was asked for.
    package var compiled: CommandDryRun?
    /// The dry run on the developer's store (`--store`), when one was given.
    package var onStore: CommandDryRun?

    /// What a dry run by `strata migrate` said: whether it succeeded, and its lines to show.
    package struct CommandDryRun: Sendable {
        /// True when every stage ran.
        package let succeeded: Bool
        /// What to show of it.
        package let lines: [String]

        /// A compiled dry run's outcome.
        package init(succeeded: Bool, lines: [String]) {
            self.succeeded = succeeded
            self.lines = lines
        }
    }

    /// Dry-runs a plan with `strata migrate`: the app's sources in `folder`, the plan's name, a store at the shipped
    /// version, the version to reach.
    package typealias CommandRunner = (
        _ folder: URL, _ plan: String, _ store: URL, _ to: Schema.Version
    ) throws -> CommandDryRun

    /// True when the read-back equals the intended plan and the dry runs, if any, succeeded.
    package var passed: Bool {
        mismatches.isEmpty && (dryRun?.succeeded ?? true) && (compiled?.succeeded ?? true)
            && (onStore?.succeeded ?? true)
    }

    /// Reads `draft`'s files back (the app's files `sources` read, edited, plus the new ones) and dry-runs its stage
    /// on a sample store with `rows` rows per entity: a lightweight stage here, a custom one with `compiled` when given;
    /// then on `store` (the developer's, at the shipped version) with `onStore` when given.
    package static func check(
        _ draft: NextVersionDraft, sources: AppSources, rows: Int = 20, compiled: CommandRunner? = nil,
        store: URL? = nil, onStore: CommandRunner? = nil
    ) throws -> NextVersionProof {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-next-version-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var proof = try check(draft, sources: sources, rows: rows, compiled: compiled, in: scratch)
        if let store, let onStore, let stage = draft.stage, proof.mismatches.isEmpty {
            proof.onStore = try onStore(scratch.appendingPathComponent("Sources"), draft.planName, store, stage.to)
        }
        return proof
    }

    /// How an Xcode project edited to compile the new files fails to: it does not read back with the project
    /// reader, or none of its targets compiles one of them.
    private static func projectMismatches(_ changes: [SourceEdits.FileChange]) -> [String] {
        let created = changes.filter { $0.before == nil }.map { FilePath.join("/", $0.path) }
        return changes.filter { $0.path.hasSuffix("/project.pbxproj") && $0.before != nil }.flatMap { change in
            let url = URL(fileURLWithPath: change.path).deletingLastPathComponent()
            do {
                let project = try XcodeProject(text: change.after, url: url)
                return created.filter { file in !project.targets.contains { $0.compiles(file) } }.map {
                    "\(url.lastPathComponent) read back compiles \(URL(fileURLWithPath: $0).lastPathComponent) in no target"
                }
            } catch {
                return ["\(url.lastPathComponent) does not read back: \(error)"]
            }
        }
    }

    private static func check(
        _ draft: NextVersionDraft, sources: AppSources, rows: Int, compiled: CommandRunner?, in scratch: URL
    ) throws -> NextVersionProof {
        let folder = scratch.appendingPathComponent("Sources")
        var texts: [String: String] = [:]
        for file in sources.files { texts[file.path] = file.tree.description }
        for change in draft.edits.changes where change.path.hasSuffix(".swift") { texts[change.path] = change.after }
        var mismatches = projectMismatches(draft.edits.changes)
        for (path, text) in texts {
            let url = folder.appendingPathComponent(SourceEdits.FileChange.relative(path, to: sources.folder))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let read = try AppSources(folder: folder, helperFolders: sources.helpers.roots)
        let plan = try read.plan(named: draft.planName)
        let versions = plan.versions.map {
            NextVersionDraft.Version(name: $0.name, version: $0.schema.version ?? Schema.Version(0, 0, 0))
        }
        let stages = plan.stages.map { NextVersionDraft.Stage(kind: $0.kind, from: $0.from, to: $0.to) }
        mismatches += plan.problems.map { "the plan does not read back cleanly: \($0)" }
        if versions != draft.versions {
            mismatches.append(
                "versions read back as \(versions.map { "\($0.name) \($0.version)" }), intended \(draft.versions.map { "\($0.name) \($0.version)" })"
            )
        }
        if stages != draft.stages {
            mismatches.append(
                "stages read back as \(stages.map { "\($0.kind) \($0.from)->\($0.to)" }), intended \(draft.stages.map { "\($0.kind) \($0.from)->\($0.to)" })"
            )
        }
        for (intended, schema) in [(draft.shipped, draft.shippedSchema), (draft.new, draft.newSchema)] {
            guard let found = plan.versions.first(where: { $0.name == intended.name }) else { continue }
            if found.schema.fingerprint != schema.fingerprint {
                let changes = SchemaDiff(from: schema, to: found.schema).changes.map(\.description)
                mismatches.append(
                    "\(intended.name) reads back otherwise than intended: \(changes.joined(separator: "; "))")
            }
        }
        guard mismatches.isEmpty, let stage = draft.stage else {
            return NextVersionProof(
                versions: versions, stages: stages, mismatches: mismatches, dryRun: nil, notRun: nil)
        }
        if stage.kind == .custom, let compiled,
            let shipped = plan.versions.first(where: { $0.name == draft.shipped.name })
        {
            let store = scratch.appendingPathComponent("sample.store")
            try read.makeSampleStore(at: store, schema: shipped.schema, rows: rows)
            var proof = NextVersionProof(
                versions: versions, stages: stages, mismatches: mismatches, dryRun: nil, notRun: nil)
            proof.compiled = try compiled(folder, draft.planName, store, stage.to)
            return proof
        }
        guard stage.kind == .lightweight else {
            return NextVersionProof(
                versions: versions, stages: stages, mismatches: mismatches, dryRun: nil,
                notRun:
                    "a custom stage runs at the compiled level: give --compiled (it builds and runs the app's code), or `strata new` a sample store at \(stage.from) and `strata migrate --dry-run` it once written"
            )
        }
        guard let runnable = plan.runnable else {
            return NextVersionProof(
                versions: versions, stages: stages,
                mismatches: plan.check().problems.map { "the plan read back has a problem: \($0)" }, dryRun: nil,
                notRun: nil)
        }
        let store = scratch.appendingPathComponent("sample.store")
        guard let shipped = plan.versions.first(where: { $0.name == draft.shipped.name }) else {
            return NextVersionProof(
                versions: versions, stages: stages, mismatches: mismatches, dryRun: nil, notRun: nil)
        }
        try read.makeSampleStore(at: store, schema: shipped.schema, rows: rows)
        let report = try Migrator.dryRun(store: store, validated: runnable, to: stage.to)
        return NextVersionProof(versions: versions, stages: stages, mismatches: mismatches, dryRun: report, notRun: nil)
    }
}
