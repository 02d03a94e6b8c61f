import Foundation
import Strata

/// Everything that changes the state: keys, the terminal's size, the clock, and results of background work.
package enum Action: Sendable {
    case key(Key)
    case resize(width: Int, height: Int)
    /// The clock moved (drives elapsed times, rates and message expiry).
    case tick(now: TimeInterval)
    /// An event of the running migration.
    case migration(MigrationEvent)
    /// A stage ended: its report (failure included).
    case stageReported(StageReport)
    /// A run of stages ended (all done, failed, cancelled, or refused).
    case runEnded(RunEnd)
    /// The planned stages and mode after the session (re)planned: a new private copy or the store in apply mode;
    /// the store's version (`storeAt`, which the Versions pane's rows are matched by) and how views name it.
    case planned(stages: [StageRow], note: String?, mode: RunMode, storeAt: Schema.Version?, storeVersion: String)
    /// The browser's source was read: which file, its version and entity counts.
    case browsed(source: String, version: String, entities: [EntityCount])
    /// A page of rows was read.
    case rowsLoaded(RowsPage)
    /// A page of rows as changes since the store's version was read (`c`).
    case changesLoaded(RecordedChanges)
    /// A filter of the rows view was refused (an unknown column, a value the column cannot hold): the rows
    /// shown before it stay.
    case rowsFailed(entity: String, RowsRefusal)
    /// Data counts for the diff between two versions.
    case findingsLoaded(from: Int, to: Int, [DataFinding], note: String?)
    /// Background work failed.
    case failed(SessionFailure)
    /// An export was written (`e`): the file's path.
    case exported(path: String)
}
