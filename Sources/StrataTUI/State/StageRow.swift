import Foundation
import Strata

/// Where a stage is.
package enum StageStatus: String, Sendable, Equatable {
    /// Recorded in the store's history before this session.
    case applied
    case pending
    case running
    case done
    case failed
    /// Rolled back after Ctrl-C.
    case cancelled
}

/// One stage as the Stages pane lists it, with what Enter shows: its changes and its SQL.
package struct StageRow: Sendable, Equatable {
    /// Which stage: its two versions.
    package var id: StageID
    /// How it came about (nil for a history row of a kind this version does not know).
    package var kind: PlannedStage.Kind?
    /// Where it is.
    package var status: StageStatus
    /// Wall time once run.
    package var duration: TimeInterval?
    /// Rows copied or checked once run.
    package var rows: Int?
    /// The changes it makes.
    package var changes: [DiffEntry]
    /// Each step's summary with its SQL.
    package var steps: [StepRow]
    /// The failure message, when it failed.
    package var message: String?

    /// True for a stage `n` and `r` can run: not yet run, or rolled back (failed or cancelled).
    package var isRunnable: Bool { status == .pending || status == .failed || status == .cancelled }

    /// "custom", or "?" for an unknown history kind.
    package var kindLabel: String { kind?.rawValue ?? "?" }

    /// Creates a stage row.
    package init(
        id: StageID, kind: PlannedStage.Kind?, status: StageStatus, duration: TimeInterval? = nil, rows: Int? = nil,
        changes: [DiffEntry] = [], steps: [StepRow] = [], message: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.status = status
        self.duration = duration
        self.rows = rows
        self.changes = changes
        self.steps = steps
        self.message = message
    }

    /// A pending row for a planned stage.
    package init(planned stage: PlannedStage) {
        self.init(
            id: stage.id, kind: stage.kind, status: .pending, changes: DiffEntry.entries(of: stage.diff),
            steps: stage.steps.map { StepRow(summary: $0.summary, sql: $0.sql) })
    }

    /// An applied row for a stage from the store's history.
    package init(history: MigrationHistory) {
        self.init(
            id: history.stage, kind: history.stageKind, status: .applied, rows: history.rows)
    }
}

extension StageID {
    /// "1.0.0 → 2.0.0" with the glyphs' arrow, each version by its name when its plan gives one ("Model → Model 2").
    package func label(_ glyphs: Glyphs) -> String { "\(from.label) \(glyphs.arrow) \(to.label)" }
}

/// One step of a stage: its summary and the SQL it runs.
package struct StepRow: Sendable, Equatable {
    /// "rebuild Book (12-step)".
    package var summary: String
    /// The statements, values shown as `?`.
    package var sql: [String]
}
