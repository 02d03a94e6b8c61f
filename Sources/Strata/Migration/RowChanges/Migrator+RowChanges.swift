import Foundation

extension Migrator {
    /// From the next stage on, records what each stage does to the rows (``StageReport/rowChanges``) and keeps the
    /// rows as they are now, for ``RowChangeRecorder/page(of:kind:counts:offset:limit:)``. Meant for a private copy
    /// (``onPrivateCopy(of:plan:to:refusingDataLoss:)``): each stage first copies the store's file.
    public func recordRowChanges(_ options: RowChangeOptions) throws {
        rowRecorder = try RowChangeRecorder(store: storeURL, options: options)
    }

    /// Runs `stage` through `run` between the recorder's snapshot and its comparison, when one records.
    func recordingRows(of stage: PlannedStage, _ run: () throws -> StageReport) throws -> StageReport {
        guard let rowRecorder else { return try run() }
        try rowRecorder.prepare(for: stage, store: storeURL) {
            try store.writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        var report = try run()
        report.rowChanges = try rowRecorder.record(stage)
        return report
    }
}
