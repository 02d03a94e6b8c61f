import Foundation
import Strata

/// The running (or last run) stage as the Progress pane shows it; times come from the state's clock.
package struct ProgressState: Sendable, Equatable {
    /// The stage's position in this run, from 1.
    package var index: Int
    /// Stages in this run.
    package var count: Int
    /// Which stage.
    package var stage: StageID
    /// The current step's summary.
    package var step: String
    /// Rows copied so far.
    package var rowsDone: Int
    /// Rows the stage will copy.
    package var totalRows: Int
    /// When it started.
    package var startedAt: TimeInterval
    /// When it ended, once it has.
    package var endedAt: TimeInterval?
    /// How it ended: nil while running.
    package var outcome: StageStatus?

    /// Seconds since the start (until the end once ended).
    package func elapsed(now: TimeInterval) -> TimeInterval { max(0, (endedAt ?? now) - startedAt) }

    /// Rows per second so far (nil before any row or time).
    package func rate(now: TimeInterval) -> Double? {
        let seconds = elapsed(now: now)
        guard rowsDone > 0, seconds > 0 else { return nil }
        return Double(rowsDone) / seconds
    }

    /// Seconds left at the current rate (nil when unknown or ended).
    package func remaining(now: TimeInterval) -> TimeInterval? {
        guard endedAt == nil, let rate = rate(now: now), rate > 0, totalRows > rowsDone else { return nil }
        return Double(totalRows - rowsDone) / rate
    }
}
