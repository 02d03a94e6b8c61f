import Foundation
import Strata
import StrataExamples

@testable import StrataTUI

/// States built from the bookshelf plan without a store, at a fixed clock, for reducer and golden tests.
enum Fixtures {
    static let storePath = "/tmp/strata-demo/bookshelf.store"

    /// The stage from major version `from` to major version `to` ("1.0.0 -> 2.0.0").
    static func stage(_ from: Int, _ to: Int) -> StageID {
        StageID(from: Schema.Version(from, 0, 0), to: Schema.Version(to, 0, 0))
    }

    /// The cancellation of the stage from `from`.0.0 to `to`.0.0, as the engine reports it.
    static func cancelled(_ from: Int, _ to: Int) -> MigrationFailure {
        MigrationFailure(MigrationError.cancelled(stage: stage(from, to)))
    }

    /// A failure whose message is `message`: an error of an app's own type, as a stage's code throws.
    static func failure(_ message: String) -> MigrationFailure { MigrationFailure(AppError(description: message)) }

    /// An error of an app's own type.
    private struct AppError: Error, CustomStringConvertible {
        let description: String
    }

    /// The bookshelf plan's state as `strata demo` opens it: dry run, at 1.0.0, diff 1.0.0 -> 3.0.0 with counts.
    static func bookshelf(
        width: Int = 80, height: Int = 24, options: RenderOptions = RenderOptions(), names: [String] = []
    ) throws -> AppState {
        let plan = try ValidatedPlan(Bookshelf.Plan.self)
        // The versions as a plan that names them (a Core Data model's) gives them: "1.0.0" named "Shelf".
        let named = { (version: Schema.Version?) -> Schema.Version? in
            version.map {
                Schema.Version(
                    $0.major, $0.minor, $0.patch, name: names.indices.contains($0.major - 1) ? names[$0.major - 1] : nil
                )
            }
        }
        let schemas = plan.schemas.map { Schema(entities: $0.entities, version: named($0.version)) }
        let store = schemas[0].version.label
        var state = AppState(
            width: width, height: height, options: options, storePath: storePath, storeVersion: store,
            planName: "Plan", schemas: schemas, storeIndex: 0, targetIndex: 2)
        let stages = plan.stages.map { stage in
            var row = StageRow(planned: stage)
            row.id = StageID(from: named(row.id.from), to: named(row.id.to))
            return row
        }
        _ = Reducer.reduce(
            &state,
            .planned(
                stages: stages, note: nil, mode: .dryRun, storeAt: schemas[0].version, storeVersion: store))
        _ = Reducer.reduce(
            &state,
            .browsed(source: "private copy", version: store, entities: [EntityCount(name: "Book", rows: 2_000)]))
        _ = Reducer.reduce(
            &state,
            .findingsLoaded(from: 0, to: 2, try findings(), note: "Data counts from the private copy at \(store).")
        )
        return state
    }

    /// The data counts of the bookshelf's 1.0.0 -> 3.0.0 diff over 2,000 books (decoded: DataFinding has no public init).
    static func findings() throws -> [DataFinding] {
        let json = """
            [{"kind":"rowsLackingValue","entity":"Book","property":"firstName","count":2000,"samples":["Book/1","Book/2"]},
             {"kind":"rowsLackingValue","entity":"Book","property":"lastName","count":2000,"samples":["Book/1","Book/2"]},
             {"kind":"valuesDropped","entity":"Book","property":"author","count":2000,"samples":["Book/1","Book/2"]}]
            """
        return try JSONDecoder().decode([DataFinding].self, from: Data(json.utf8))
    }

    /// The state with the first stage done and the second one running, half way, 4 seconds in.
    static func running(width: Int = 80, height: Int = 24, options: RenderOptions = RenderOptions()) throws -> AppState
    {
        var state = try bookshelf(width: width, height: height, options: options)
        state.now = 100
        _ = Reducer.reduce(&state, .key(.character("r")))
        _ = Reducer.reduce(
            &state, .migration(.stageStarted(index: 0, count: 2, stage: Fixtures.stage(1, 2), totalRows: 2_000)))
        _ = Reducer.reduce(
            &state, .migration(.step(stage: Fixtures.stage(1, 2), summary: "rename Book.isbn to isbnCode")))
        _ = Reducer.reduce(&state, .tick(now: 100.02))
        _ = Reducer.reduce(&state, .migration(.stageFinished(stage: Fixtures.stage(1, 2), duration: 0.02, rows: 0)))
        _ = Reducer.reduce(
            &state, .migration(.stageStarted(index: 1, count: 2, stage: Fixtures.stage(2, 3), totalRows: 2_000)))
        _ = Reducer.reduce(&state, .migration(.step(stage: Fixtures.stage(2, 3), summary: "rebuild Book (12-step)")))
        _ = Reducer.reduce(
            &state, .migration(.progress(stage: Fixtures.stage(2, 3), rowsDone: 1_000, totalRows: 2_000)))
        _ = Reducer.reduce(&state, .tick(now: 104.02))
        state.focus = .progress
        return state
    }

    /// A rows page of Book with NULLs, a date, a blob, long text, wide characters and an escape sequence.
    static func rows(width: Int = 80, height: Int = 24, options: RenderOptions = RenderOptions()) throws -> AppState {
        var state = try bookshelf(width: width, height: height, options: options)
        state.focus = .browser
        _ = Reducer.reduce(&state, .key(.enter))
        var page = RowsPage(entity: "Book")
        page.columns = ["_pk", "title", "author", "isbn", "added", "cover"]
        page.rows = [
            ["1", "Dune Dune 1", "Frank Herbert", "978-0000000001", "2024-05-01T10:00:00.000Z", "NULL"],
            ["2", "ノルウェイの森", "村上春樹", "978-0000000002", "NULL", "<blob 16 bytes 0a1b2c3d4e5f6071…>"],
            [
                "3", "A title that is much longer than any column should ever be shown", "Jane Austen",
                "978-0000000003", "NULL", "NULL",
            ],
            ["4", "\u{1B}[31mred\u{1B}[0m", "Plato", "978-0000000004", "NULL", "NULL"],
        ]
        page.total = 2_000
        _ = Reducer.reduce(&state, .rowsLoaded(page))
        return state
    }
}
