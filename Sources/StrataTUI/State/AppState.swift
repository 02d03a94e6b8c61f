import Foundation
import Strata

/// Everything the UI shows, as plain values: the reducer changes it, the renderer draws it.
package struct AppState: Sendable {
    /// Terminal columns.
    package var width: Int
    /// Terminal rows.
    package var height: Int
    /// The clock, in seconds (ticks move it; tests set it).
    package var now: TimeInterval = 0
    /// How frames are drawn.
    package var options: RenderOptions

    /// The store's path as given.
    package var storePath: String
    /// The version the store records ("unversioned" when none).
    package var storeVersion: String
    /// The store's version once a dry-run stage ran on the copy: `c` then shows rows as changes since it.
    package var changesSince: String?
    /// The plan's name, when a plan was given.
    package var planName: String?
    /// The plan's versions (or the store's recorded schema alone when there is no plan).
    package var schemas: [Schema]
    /// The Versions pane's rows, one per schema.
    package var versions: [VersionRow]
    /// Which version the store is at, when it is one of the plan's.
    package var storeIndex: Int?
    /// The target version's index.
    package var targetIndex: Int?
    /// True when version 0 is the store's own model rather than a plan version: a SwiftData or Core Data store,
    /// or a Strata store whose schema matches no version of the plan.
    package var storeModelFirst = false
    /// The plan version equal to the store's own model, when version 0 is that model.
    package var matchIndex: Int?
    /// The inheritance of the store's own model (version 0), by entity name: SwiftData and Core Data stores whose
    /// entities inherit; empty otherwise.
    package var modelLineage: [String: EntityLineage] = [:]
    /// The two versions diffed (indexes into `schemas`).
    package var diffFrom: Int
    package var diffTo: Int
    /// The diff between them.
    package var diff: [DiffEntry] = []
    /// Data-dependent counts for the current diff, when it starts at the browsed store's version.
    package var findings: [DataFinding] = []
    /// Why there are no data counts, when there are none.
    package var findingsNote: String?

    /// The stages: history first (applied), then the planned ones.
    package var stages: [StageRow] = []
    /// Why there are no planned stages (no plan, already at target, store not on the plan).
    package var stagesNote: String?
    /// DRY RUN or APPLY.
    package var mode: RunMode = .dryRun
    /// The plan as the command line named it (`--plan bookshelf`, `--sources DIR`…), for the CLI line of what the UI
    /// does; empty for `--plan` and the plan's name.
    package var planArguments: [String] = []
    /// True when the store was opened with `--read-only`: it dry-runs on private copies, and `m` never switches to
    /// APPLY.
    package var neverApply = false
    /// True while stages run.
    package var running = false
    /// When the current run was asked for (its first stage may wait for the store's lock).
    package var runStartedAt: TimeInterval?
    /// True when a cancel was asked for the running stage.
    package var cancelling = false
    /// The running or last stage.
    package var progress: ProgressState?
    /// The log of the session, newest last.
    package var log: [String] = []

    /// What the browser shows.
    package var browser = BrowserState()

    /// The focused pane.
    package var focus: Pane = .versions
    /// What the large pane shows.
    package var main: MainView = .diff
    /// The cursor of each list pane (the diff and progress panes scroll with theirs).
    package var cursors: [Pane: ListCursor] = [:]
    /// Per-pane list filter (substring, case-insensitive).
    package var filters: [Pane: String] = [:]
    /// The filter being typed after `/`, if any.
    package var filterInput: String?
    /// The filter before `/` was pressed, restored by Esc.
    package var filterBefore: String?
    /// The overlay, if any.
    package var overlay: Overlay?
    /// The message line.
    package var message: Message?
    /// True once the user asked to quit.
    package var quitting = false
    /// True when the user asked to quit while a stage ran: the program quits once it has rolled back.
    package var quitWhenStopped = false

    /// A state for a store, its plan's schemas and stages.
    package init(
        width: Int, height: Int, options: RenderOptions = RenderOptions(), storePath: String, storeVersion: String,
        planName: String?, schemas: [Schema], storeIndex: Int?, targetIndex: Int?
    ) {
        self.width = width
        self.height = height
        self.options = options
        self.storePath = storePath
        self.storeVersion = storeVersion
        self.planName = planName
        self.schemas = schemas
        self.versions = schemas.map {
            VersionRow(
                version: $0.version, label: $0.version.label, entityCount: $0.entities.count,
                fingerprint: $0.shortFingerprint)
        }
        self.storeIndex = storeIndex
        self.targetIndex = targetIndex
        let from = storeIndex ?? 0
        self.diffFrom = from
        self.diffTo =
            targetIndex.map { $0 == from ? min(from + 1, schemas.count - 1) : $0 }
            ?? min(from + 1, max(schemas.count - 1, 0))
        recomputeDiff()
    }

    /// Recomputes the diff entries after the picked versions changed; drops counts that belonged to another pair.
    package mutating func recomputeDiff() {
        findings = []
        guard schemas.indices.contains(diffFrom), schemas.indices.contains(diffTo) else {
            diff = []
            return
        }
        let steps = diffPath(from: diffFrom, to: diffTo)
        diff = steps.flatMap { from, to in
            // A step from or to the store's own model names its entities' parents and inherited properties.
            let lineage = storeModelFirst && (from == 0 || to == 0) ? modelLineage : [:]
            return DiffEntry.entries(
                of: SchemaDiff(from: schemas[from], to: schemas[to]),
                step: steps.count > 1 ? "\(versions[from].label) -> \(versions[to].label)" : nil
            ).map { $0.placed(in: lineage) }
        }
    }

    /// The version pairs the diff from `from` to `to` goes through: the stages that lead there when one of them skips
    /// versions (a Core Data model's single inferred jump is diffed and counted as the jump the stage makes, not
    /// through the versions between), else `diffSteps`.
    package func diffPath(from: Int, to: Int) -> [(from: Int, to: Int)] {
        stageJumps(from: from, to: to)
            ?? Self.diffSteps(from: from, to: to, storeModelMatch: storeModelFirst ? .some(matchIndex) : nil)
    }

    /// The stages listed in the Stages pane that lead from `diffFrom` to `diffTo`, as version pairs, when one of them
    /// skips versions; nil otherwise.
    private func stageJumps(from diffFrom: Int, to diffTo: Int) -> [(from: Int, to: Int)]? {
        guard !storeModelFirst, diffFrom < diffTo else { return nil }
        let index = { (version: Schema.Version?) in self.schemas.indices.first { self.schemas[$0].version == version } }
        let jumps = stages.compactMap { row -> (from: Int, to: Int)? in
            guard let from = index(row.id.from), let to = index(row.id.to), from < to else { return nil }
            return (from, to)
        }
        var at = diffFrom
        var chain: [(from: Int, to: Int)] = []
        while at != diffTo, let next = jumps.first(where: { $0.from == at && $0.to <= diffTo }) {
            chain.append(next)
            at = next.to
        }
        // Only where a stage skips versions does the walk differ from one version at a time.
        guard at == diffTo, chain.contains(where: { $0.to - $0.from > 1 }) else { return nil }
        return chain
    }

    /// The version pairs a diff from `from` to `to` is shown through. Forward along the plan it goes one version at
    /// a time, as the stages do, so a rename in one step shows as a rename rather than a removal and an addition;
    /// backwards the same steps in reverse. `storeModelMatch` is given when version 0 is a store's own model (a
    /// SwiftData or Core Data store): from it, the diff goes to the plan version it equals, then along the plan
    /// (directly when it equals none).
    package static func diffSteps(from: Int, to: Int, storeModelMatch: Int?? = nil) -> [(from: Int, to: Int)] {
        var steps: [(from: Int, to: Int)] = []
        var start = from
        if let match = storeModelMatch, from == 0 {
            guard let match, to > match else { return [(from, to)] }
            if match > 0 { steps.append((0, match)) }
            start = match
        }
        guard start != to else { return steps + [(start, to)] }
        // Backwards too, one version at a time: a rename undone reads as a rename back (issue 44, item 9).
        guard start < to else { return steps + (to..<start).reversed().map { ($0 + 1, $0) } }
        return steps + (start..<to).map { ($0, $0 + 1) }
    }

    /// The cursor of a pane.
    package func cursor(_ pane: Pane) -> ListCursor { cursors[pane] ?? ListCursor() }

    /// The message to show now, if it has not expired.
    package var visibleMessage: Message? { message.flatMap { $0.until > now ? $0 : nil } }

    /// Sets the message line for a few seconds (errors longer), and a second more per 40 characters past 80 (up to
    /// 30 seconds) so that a long message can be read.
    package mutating func say(_ text: String, _ level: Message.Level = .info) {
        let reading = Double(max(0, text.count - 80)) / 40
        message = Message(level: level, text: text, until: now + min(30, (level == .error ? 8 : 4) + reading))
        log.append("\(level == .info ? "" : "\(level.rawValue): ")\(text)")
    }
}

/// How frames are drawn: colour roles or monochrome attributes, box drawing or ASCII.
public struct RenderOptions: Sendable, Equatable {
    /// True to draw with attributes only.
    public var monochrome: Bool
    /// True to draw without box-drawing characters and symbols.
    public var ascii: Bool
    /// The stage `strata next-version` would write between two of the plan's versions, by the stage it would be:
    /// what `w` shows on the Diff pane (given for a plan read from sources).
    package var stagePreviews: [StageID: [String]] = [:]

    /// Creates options.
    public init(monochrome: Bool = false, ascii: Bool = false) {
        self.monochrome = monochrome
        self.ascii = ascii
    }

    /// The glyphs for these options.
    package var glyphs: Glyphs { ascii ? .ascii : .unicode }
}
