/// What ``Migrator/runStages(limit:each:onEvent:)`` did: the reports of the stages that ran and why it stopped early, if it did.
public struct StagesRun {
    /// The reports of the stages that ran, in order (a failing stage has none).
    public var reports: [StageReport] = []
    /// The stage that failed and its error (it rolled back; `MigrationError.cancelled` when cancelled), if one did.
    public var failure: (stage: PlannedStage, error: any Error)?
    /// The engine's refusal of the next stage, a custom stage without code (`MigrationError.stageWithoutCode`),
    /// when the run stopped before it: that stage and the ones after it were not run.
    public var notRun: MigrationError?
}

extension Migrator {
    /// Runs up to `limit` pending stages one after another: the one loop the CLI, the UI and dry runs step through.
    /// It stops at a failing stage, before a custom stage without code (refused, in ``StagesRun/notRun``), and after
    /// a stage when ``cancel()`` was called meanwhile. `onEvent` hears this run's events (after ``onEvent`` the
    /// property, which hears every run's); `each` hears every stage that ran, as it ends: its report, or its error.
    public func runStages(
        limit: Int = .max, each: (PlannedStage, Result<StageReport, any Error>) -> Void = { _, _ in },
        onEvent: ((MigrationEvent) -> Void)? = nil
    ) -> StagesRun {
        var run = StagesRun()
        while run.reports.count < limit, let (stage, outcome) = step(events: onEvent) {
            switch outcome {
            case .success(let report):
                run.reports.append(report)
                each(stage, outcome)
            case .failure(let error as MigrationError) where error.kind == .stageWithoutCode:
                run.notRun = error
                return run
            case .failure(let error):
                each(stage, outcome)
                run.failure = (stage, error)
                return run
            }
            if cancellation.isCancelled { break }
        }
        return run
    }
}
