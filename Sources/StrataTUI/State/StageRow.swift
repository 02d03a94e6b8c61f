import Foundation
import Strata

/// Where a stage is.
public enum StageStatus: String, Sendable, Equatable {
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
public struct StageRow: Sendable, Equatable {
    /// "1.0.0 -> 2.0.0".
    public var title: String
    /// "lightweight", "custom" or "inferred" (for history: as recorded).
    public var kind: String
    /// Where it is.
    public var status: StageStatus
    /// Wall time once run.
    public var duration: TimeInterval?
    /// Rows copied or checked once run.
    public var rows: Int?
    /// The changes it makes.
    public var changes: [DiffEntry]
    /// Each step's summary with its SQL.
    public var steps: [StepRow]
    /// The failure message, when it failed.
    public var message: String?

    /// Creates a stage row.
    public init(
        title: String, kind: String, status: StageStatus, duration: TimeInterval? = nil, rows: Int? = nil,
        changes: [DiffEntry] = [], steps: [StepRow] = [], message: String? = nil
    ) {
        self.title = title
        self.kind = kind
        self.status = status
        self.duration = duration
        self.rows = rows
        self.changes = changes
        self.steps = steps
        self.message = message
    }

    /// A pending row for a planned stage.
    public init(planned stage: PlannedStage) {
        self.init(
            title: stage.title, kind: stage.kind.rawValue, status: .pending, changes: DiffEntry.entries(of: stage.diff),
            steps: stage.steps.map { StepRow(summary: $0.summary, sql: $0.sql) })
    }

    /// An applied row for a stage from the store's history.
    public init(history: MigrationHistory) {
        self.init(
            title: "\(history.fromVersion.isEmpty ? "unversioned" : history.fromVersion) -> \(history.toVersion)",
            kind: history.kind, status: .applied, rows: history.rows)
    }
}

/// One step of a stage: its summary and the SQL it runs.
public struct StepRow: Sendable, Equatable {
    /// "rebuild Book (12-step)".
    public var summary: String
    /// The statements, values shown as `?`.
    public var sql: [String]
}
