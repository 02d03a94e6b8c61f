import Foundation
import Strata
import StrataText

/// The UI's logic as a pure function: an action changes the state and may ask for effects.
package enum Reducer {
    /// Applies an action to the state and returns the work to start.
    package static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .key(let key):
            return KeyReducer.reduce(&state, key)
        case .resize(let width, let height):
            let rows = rowsPageSize(state)
            state.width = width
            state.height = height
            for pane in Pane.allCases { state.refollow(pane) }
            // A page of rows holds as many as the old size showed: a new size loads the page again, as many as fit.
            guard let page = state.browser.page, state.main == .rows, rowsPageSize(state) != rows else { return [] }
            return [reload(page, state)]
        case .tick(let now):
            state.now = now
            return []
        case .migration(let event):
            apply(event, to: &state)
            return []
        case .stageReported(let report):
            if let index = state.stages.firstIndex(where: { $0.id == report.stage && $0.status != .applied }) {
                state.stages[index].steps = report.steps.map { StepRow(summary: $0.summary, sql: $0.sql) }
                state.stages[index].rows = report.rows
                state.stages[index].duration = report.duration
            }
            if state.mode == .dryRun { state.changesSince = state.changesSince ?? state.storeVersion }
            for entity in report.rowChanges {
                let counts = RowChangeCounts(
                    inserted: entity.inserted, deleted: entity.deleted, changed: entity.changed,
                    unchanged: entity.unchanged)
                let renamed = entity.renamedFrom.map { " (was \($0))" } ?? ""
                state.log.append("  rows of \(entity.entity)\(renamed): \(counts.summary)")
            }
            return []
        case .runEnded(let end):
            state.running = false
            state.cancelling = false
            if state.overlay == .quitWhileRunning { state.overlay = nil }
            if state.quitWhenStopped {
                state.quitting = true
                return [.quit]
            }
            if let error = end.errorMessage {
                state.say(error, .error)
            } else if case .cancelled = end {
                state.say(
                    "Cancelled: the stage rolled back; the \(state.mode == .dryRun ? "copy" : "store") is at its previous version."
                )
            } else {
                let left = state.stages.filter { $0.isRunnable }.count
                state.say(
                    left == 0
                        ? "Done: at \(state.targetIndex.map { state.versions[$0].label } ?? "the target")\(state.mode == .dryRun ? " (on the private copy; the store is unchanged)" : "")."
                        : "\(left) stage\(left == 1 ? "" : "s") left: n runs the next, r the rest.")
            }
            return []
        case .planned(var stages, let note, let mode, let storeAt, let storeVersion):
            // A re-plan after a failed or cancelled run keeps the stage's ✗ and message.
            for index in stages.indices where stages[index].status == .pending {
                if let old = state.stages.first(where: {
                    $0.id == stages[index].id && ($0.status == .failed || $0.status == .cancelled)
                }) {
                    stages[index].status = old.status
                    stages[index].message = old.message
                }
            }
            state.stages = stages
            state.stagesNote = note
            state.mode = mode
            state.storeVersion = storeVersion
            // A new plan means a new copy (or the store itself): no changes recorded yet.
            state.changesSince = nil
            state.cursors[.stages] = ListCursor()
            if let index = state.versions.firstIndex(where: { $0.version == storeAt }) { state.storeIndex = index }
            if case .stage = state.main { state.main = .diff }
            // The diff follows the stages: a plan whose stage jumps over versions diffs the jump (issue 44, item 8).
            let shown = state.diff
            let (findings, findingsNote) = (state.findings, state.findingsNote)
            state.recomputeDiff()
            guard state.diff == shown else { return [.loadFindings(from: state.diffFrom, to: state.diffTo)] }
            (state.findings, state.findingsNote) = (findings, findingsNote)
            return []
        case .browsed(let source, let version, let entities):
            let changed = state.browser.version != version || state.browser.source != source
            state.browser.source = source
            state.browser.version = version
            state.browser.entities = entities
            state.refollow(.browser)
            var effects: [Effect] = changed ? [.loadFindings(from: state.diffFrom, to: state.diffTo)] : []
            if let page = state.browser.page {
                if entities.contains(where: { $0.name == page.entity }) {
                    effects.append(reload(page, state))
                } else {
                    state.browser.page = nil
                    if state.main == .rows { state.main = .diff }
                }
            }
            return effects
        case .changesLoaded(let recorded):
            return reduce(&state, .rowsLoaded(RowsPage(recorded: recorded)))
        case .rowsLoaded(var page):
            guard let current = state.browser.page, current.entity == page.entity else { return [] }
            // A change reads "old → new" with the arrow this terminal draws ("->" in ASCII), like every other arrow.
            if let changes = page.changes {
                let arrow = state.options.glyphs.arrow
                page.rows = changes.rows.map { [$0.key] + $0.cells.map { $0.text(arrow: arrow) } }
            }
            page.columnOffset = current.columnOffset
            page.selected = min(current.selected, max(0, page.rows.count - 1))
            // A page of rows and a page of changes answer different requests: the one asked for last wins.
            guard (page.changes == nil) == (current.changes == nil) else { return [] }
            page.loading = false
            state.browser.page = page
            return []
        case .rowsFailed(let entity, let refusal):
            guard state.browser.page?.entity == entity else { return [] }
            state.browser.page?.loading = false
            state.say(refusal.description, .warning)
            return []
        case .findingsLoaded(let from, let to, let findings, let note):
            guard from == state.diffFrom, to == state.diffTo else { return [] }
            state.findings = findings
            state.findingsNote = note
            return []
        case .exported(let path):
            state.say("Exported to \(path).")
            return []
        case .failed(let failure):
            state.say(failure.description, .error)
            if state.browser.page?.loading == true { state.browser.page?.loading = false }
            return []
        }
    }

    /// Loads `page` again from its offset (its rows, or its changes), as many rows as the view now shows.
    static func reload(_ page: RowsPage, _ state: AppState) -> Effect {
        if let changes = page.changes {
            return .loadChanges(
                entity: page.entity, kind: changes.kind, offset: page.offset, limit: rowsPageSize(state))
        }
        return .loadRows(entity: page.entity, offset: page.offset, limit: rowsPageSize(state), filter: page.filter)
    }

    /// Rows per page in the rows view.
    static func rowsPageSize(_ state: AppState) -> Int {
        max(1, Layout(state).main.inner.height - 2)
    }

    /// Applies a migration event to the stage rows, progress and log.
    static func apply(_ event: MigrationEvent, to state: inout AppState) {
        func setStatus(_ stage: StageID, _ status: StageStatus) -> Int? {
            guard let index = state.stages.firstIndex(where: { $0.id == stage && $0.status != .applied }) else {
                return nil
            }
            state.stages[index].status = status
            return index
        }
        switch event {
        case .stageStarted(let index, let count, let stage, let totalRows):
            _ = setStatus(stage, .running)
            state.progress = ProgressState(
                index: index + 1, count: count, stage: stage, step: "starting", rowsDone: 0, totalRows: totalRows,
                startedAt: state.now)
            state.log.append(
                "stage \(stage.label(state.options.glyphs)) started"
                    + (totalRows > 0 ? " (\(Formatting.count(totalRows)) rows)" : ""))
        case .step(_, let summary):
            state.progress?.step = summary
            state.log.append("  \(summary)")
        case .warning(_, let message):
            state.log.append("  warning: \(message)")
        case .output(_, let line):
            state.log.append("  | \(line)")
        case .sideFile(_, let path):
            state.log.append("  wrote \(path) (in the dry run's temporary folder, removed afterwards)")
        case .progress(_, let done, let total):
            state.progress?.rowsDone = done
            state.progress?.totalRows = total
        case .stageFinished(let stage, let duration, let rows):
            if let index = setStatus(stage, .done) {
                state.stages[index].duration = duration
                state.stages[index].rows = rows
            }
            // The Stages pane and the Progress pane show the same measured duration.
            let startedAt = state.progress?.startedAt ?? state.now
            state.progress?.endedAt = startedAt + duration
            state.progress?.outcome = .done
            state.progress?.step = "committed"
            state.log.append(
                "stage \(stage.label(state.options.glyphs)) done in \(Formatting.duration(duration)), \(CountText.rowWrites(rows, grouped: true))"
            )
        case .stageFailed(let stage, let failure):
            let message = failure.description
            let status: StageStatus = failure.isCancellation ? .cancelled : .failed
            if let index = setStatus(stage, status) { state.stages[index].message = message }
            state.progress?.endedAt = state.now
            state.progress?.outcome = status
            state.progress?.step = "rolled back"
            state.log.append("stage \(stage.label(state.options.glyphs)) \(status.rawValue), rolled back: \(message)")
        }
    }
}
