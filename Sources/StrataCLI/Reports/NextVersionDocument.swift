import Foundation
import Strata
import StrataSources

/// What `strata next-version --json` prints, shape `strata.next-version/1`: the versions, the changes with their
/// classification, the stage, each file with its diff, the read-back, the dry run, and whether it was written.
struct NextVersionDocument: Encodable {
    /// A version: its type's name and identifier.
    struct Version: Encodable {
        let name: String
        let version: String
    }

    /// A stage of the plan.
    struct Stage: Encodable {
        let kind: String
        let from: String
        let to: String
    }

    /// A file created or changed, with its unified diff (a created file: every line added).
    struct File: Encodable {
        let path: String
        let created: Bool
        let diff: String
    }

    /// The read-back: the plan's versions and stages as the edited files give them, and how they differ from the
    /// intended plan (empty when as intended).
    struct ReadBack: Encodable {
        let versions: [String]
        let stages: [Stage]
        let mismatches: [String]
    }

    /// A stage of the dry run.
    struct DryRunStage: Encodable {
        let stage: String
        let kind: String
        let rows: Int
        let failure: String?
        let failureKind: String?
        let findings: [String]
    }

    /// The dry run on a sample store at the shipped version, or why it did not run.
    struct DryRun: Encodable {
        let succeeded: Bool
        let stages: [DryRunStage]
        let notRun: String?
    }

    let format = "strata.next-version/1"
    let plan: String
    let start: String
    let shipped: Version
    let new: Version
    let changes: [ChangeEntry]
    let stage: Stage?
    let notes: [String]
    let files: [File]
    let readBack: ReadBack?
    let dryRun: DryRun?
    /// The dry run on the store given with `--store`, when one was.
    let onStore: DryRun?
    let nothingToDo: Bool
    let written: Bool

    /// The document for `draft`, its `files` diffs, its `proof` (nil when there was nothing to do) and whether it
    /// was `written`.
    init(draft: NextVersionDraft, files: [File], proof: NextVersionProof?, written: Bool) {
        plan = draft.planName
        start = draft.start.rawValue
        shipped = Version(name: draft.shipped.name, version: draft.shipped.version.description)
        new = Version(name: draft.new.name, version: draft.new.version.description)
        changes = draft.changes.map { ChangeEntry($0) }
        stage = draft.stage.map(Self.stage)
        notes = draft.notes
        self.files = files
        readBack = proof.map {
            ReadBack(versions: $0.versions.map(\.name), stages: $0.stages.map(Self.stage), mismatches: $0.mismatches)
        }
        dryRun = proof.flatMap { proof in
            guard proof.dryRun != nil || proof.notRun != nil || proof.compiled != nil else { return nil }
            return DryRun(
                succeeded: proof.dryRun?.succeeded ?? proof.compiled?.succeeded ?? false,
                stages: proof.dryRun?.stages.map {
                    DryRunStage(
                        stage: $0.title, kind: $0.kind.rawValue, rows: $0.rows, failure: $0.failure?.description,
                        failureKind: $0.failure?.kind, findings: $0.findings.map(\.description))
                } ?? [], notRun: proof.notRun)
        }
        onStore = proof?.onStore.map {
            DryRun(
                succeeded: $0.succeeded,
                stages: [], notRun: $0.succeeded ? nil : $0.lines.joined(separator: "; "))
        }
        nothingToDo = draft.isEmpty
        self.written = written
    }

    private static func stage(_ stage: NextVersionDraft.Stage) -> Stage {
        Stage(kind: stage.kind.rawValue, from: stage.from.description, to: stage.to.description)
    }
}
