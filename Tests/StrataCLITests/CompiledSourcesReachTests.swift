import Foundation
import Testing

/// The compiled level keeps what the migration reaches, member by member (run with CompiledSourcesTests).
extension CompiledSourcesTests {
    /// A store of `count` sample rows at 1.0.0 of the plan in `models`, made in `temporary` and dry-run at the compiled
    /// level to 2.0.0 with its rows: the report, its first stage, and the store.
    static func dryRunFromTheFirstVersion(
        _ models: String, rows count: Int, in temporary: TemporaryStore, store name: String
    ) throws -> (report: [String: Any], stage: [String: Any], store: String) {
        let store = temporary.path(name)
        let made = try CommandRun.strata("new", store, "--sources", models, "--at", "1.0.0", "--sample", "\(count)")
        #expect(made.status == 0, "\(made.standardError)")
        let dry = try compiled(
            "migrate", store, "--sources", models, "--dry-run", "--rows", "--limit", "\(count)", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "2.0.0", "\(dry.standardError)")
        #expect(report["notRun"] == nil, "\(dry.standardError)")
        return (report, try #require((report["stages"] as? [[String: Any]])?.first), store)
    }

    /// An XcodeGen app whose model's swatch (a SwiftUI `Color`) is called by the model's other members but by nothing
    /// the stage runs: the swatch and its cache are left out, the members calling it keep their signatures with bodies
    /// that stop, and the stage, which calls a plain method of the same model and a helper of the app, sets the rows.
    @Test func aStageRunsBesideMembersWhoseBodiesNeedSwiftUI() throws {
        let models = SourcesCommandTests.tree("HabitTrackerApp") + "/HabitTracker/Models"
        let temporary = try TemporaryStore()
        let (report, stage, _) = try Self.dryRunFromTheFirstVersion(
            models, rows: 3, in: temporary, store: "Habits.store")
        let rows = try #require((stage["rows"] as? [[String: Any]])?.first)
        #expect(rows["entity"] as? String == "Habit" && rows["changed"] as? Int == 3)
        let after = (rows["samples"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? [String: Any] }
        #expect(
            after.map { "\($0["title"] ?? "") \($0["streakLabel"] ?? "") \($0["hexColor"] ?? "")" }.sorted() == [
                "Habit title 1 done (1/1) 3458905", "Habit title 2 done (2/2) 3458905",
                "Habit title 3 done (3/3) 3458905",
            ], "\(after)")
        let compiled = try #require(report["compiled"] as? [String: Any])
        #expect(
            (compiled["membersDropped"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == [
                "HabitSchemaV2.Habit.swatchCache", "HabitSchemaV2.Habit.color", "HabitSchemaV2.Habit.spokenColor",
            ])
        #expect(
            (compiled["membersStubbed"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == [
                "HabitSchemaV2.Habit.isMuted", "HabitSchemaV2.Habit.accessibilitySummary",
            ])
    }

    /// A model file importing WidgetKit and UserNotifications, whose unreached members call them (and `ControlCenter`,
    /// a name Strata does not know) and whose observers redraw the widget and reschedule the reminder: the members keep
    /// their signatures, those observers are emptied, and the stage, writing the observed properties, sets the rows.
    @Test func aStageRunsBesideAModelCallingWidgetKitAndNotifications() throws {
        let models = SourcesCommandTests.tree("PlantCareApp") + "/PlantCare/Models"
        let temporary = try TemporaryStore()
        let (report, stage, store) = try Self.dryRunFromTheFirstVersion(
            models, rows: 3, in: temporary, store: "Plants.store")
        #expect(stage["kind"] as? String == "custom")
        let rows = try #require((stage["rows"] as? [[String: Any]])?.first)
        #expect(rows["entity"] as? String == "Plant" && rows["changed"] as? Int == 3)
        let after = (rows["samples"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? [String: Any] }
        #expect(
            after.map {
                "\($0["name"] ?? ""): \($0["careNote"] ?? "") at \($0["reminderHour"] ?? ""), \($0["lastWatered"] ?? "")"
            }
            .sorted() == [
                "Plant name 1: water daily at 8, 2023-11-14T22:13:20.000Z",
                "Plant name 2: water every 2 days at 8, 2023-11-14T22:13:20.000Z",
                "Plant name 3: water every 3 days at 8, 2023-11-14T22:13:20.000Z",
            ], "\(after)")
        let compiled = try #require(report["compiled"] as? [String: Any])
        #expect(
            (compiled["membersStubbed"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == [
                "PlantSchemaV2.Plant.reminderID", "PlantSchemaV2.Plant.refreshControls(…)",
                "PlantSchemaV2.Plant.water(…)",
            ])
        #expect(
            (compiled["membersDropped"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == [
                "PlantSchemaV2.Plant.rescheduleReminder(…)"
            ])
        #expect(
            (compiled["observersEmptied"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == [
                "PlantSchemaV2.Plant.lastWatered (didSet)", "PlantSchemaV2.Plant.reminderHour (didSet)",
            ])
        let rowsAfter = try CommandRun.strata("rows", store, "Plant", "--json").json()["rows"] as? [[String: Any]]
        #expect(rowsAfter?.count == 3 && rowsAfter?.first?["careNote"] == nil, "the dry run left the store at 1.0.0")
    }

    /// A Tuist framework (a target per case of the helpers' `Module` enum) whose helper and model extension, in files
    /// importing only Foundation, have unreached members using a settings store that needs SwiftUI's `@AppStorage`,
    /// and whose model's observer calls an API Strata does not know: the store is not taken, those members keep their
    /// signatures, the observer is emptied, and the stage, calling the extension and the helper, sets the rows.
    @Test func aStageRunsBesideUnreachedPlainMembersUsingAnAppleOnlyStore() throws {
        let library = SourcesCommandTests.tree("ReadingLogApp") + "/Modules/Library/Sources"
        let temporary = try TemporaryStore()
        let (report, stage, _) = try Self.dryRunFromTheFirstVersion(
            library, rows: 3, in: temporary, store: "Books.store")
        #expect(stage["kind"] as? String == "custom")
        let rows = try #require((stage["rows"] as? [[String: Any]])?.first)
        #expect(rows["entity"] as? String == "Book" && rows["changed"] as? Int == 3)
        let after = (rows["samples"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? [String: Any] }
        #expect(
            after.compactMap { $0["shelfNote"] as? String }.sorted() == [
                "Book title 1, gentle (1 pages a day)", "Book title 2, gentle (1 pages a day)",
                "Book title 3, gentle (1 pages a day)",
            ], "\(after)")
        let compiled = try #require(report["compiled"] as? [String: Any])
        #expect(
            (compiled["membersStubbed"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == [
                "BookSchemaV2.Book.markFinished(…)", "ReadingPace.goalProgress(…)",
            ])
        #expect(
            (compiled["observersEmptied"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == [
                "BookSchemaV2.Book.shelfNote (didSet)"
            ])
    }
}
