import Foundation
import StrataSources
import Testing

/// Members some needed code calls but the migration does not reach, that use SwiftUI: a member whose signature is
/// plain keeps it with a body that stops, one whose signature names `Color` is left out with the bodies of its
/// unreached callers; a member the stage does reach stays, and a build failing in it names the way the migration
/// reaches it. (Building and running the result is in CompiledSourcesTests.)
@Suite struct StageReachTests {
    static let models = FixtureTree.folder("HabitTrackerApp").appendingPathComponent("HabitTracker/Models")

    /// Each member as "File.swift:LINE Owner.member [what it uses]".
    static func described(_ members: [CompiledAdaptations.DroppedMember]) -> [String] {
        members.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.member) \($0.uses)" }
    }

    @Test func membersTheMigrationDoesNotReachKeepTheirSignaturesOrAreLeftOut() throws {
        let app = CompiledApp(sources: try AppSources(folder: Self.models))
        // The file imports SwiftUI: the grey test and the VoiceOver summary, which nothing the migration runs calls,
        // keep their signatures, and what only their bodies call is not taken: the swatch and its cache, and the
        // spoken colour (using Color in its body), are left out.
        #expect(
            StageReachTests.described(app.adaptations.membersDropped) == [
                #"HabitSchemaV2.swift:19 HabitSchemaV2.Habit.swatchCache ["Color (SwiftUI)"]"#,
                #"HabitSchemaV2.swift:28 HabitSchemaV2.Habit.color ["Color (SwiftUI)"]"#,
                #"HabitSchemaV2.swift:41 HabitSchemaV2.Habit.spokenColor ["Color (SwiftUI)"]"#,
            ])
        #expect(
            StageReachTests.described(app.adaptations.membersStubbed) == [
                #"HabitSchemaV2.swift:38 HabitSchemaV2.Habit.isMuted ["SwiftUI (imported by its file)"]"#,
                #"HabitSchemaV2.swift:47 HabitSchemaV2.Habit.accessibilitySummary ["SwiftUI (imported by its file)"]"#,
            ])
        let model = try #require(app.files.first { $0.name == "HabitSchemaV2.swift" })
        let lines = model.text.components(separatedBy: "\n")
        #expect(
            lines[37].hasPrefix(
                #"        var isMuted: Bool {  fatalError("strata: the body of HabitSchemaV2.Habit.isMuted was left out"#
            ))
        #expect(
            lines[37].hasSuffix(
                #"uses SwiftUI (imported by its file)), as nothing the migration runs was found to call it")                }"#
            ))
        #expect(lines[40...43].allSatisfy { $0.allSatisfy(\.isWhitespace) })
        #expect(
            lines[46].hasPrefix(
                #"        var accessibilitySummary: String {  fatalError("strata: the body of HabitSchemaV2.Habit.accessibilitySummary was left out of the compiled build (it uses SwiftUI (imported by its file))"#
            ))
        #expect(lines[49] == "        func progressText() -> String {") // the stage calls it
        #expect(!model.text.contains("Color(") && !model.text.contains("swatchCache"))
        #expect(
            app.adaptations.textLines.contains(
                "HabitSchemaV2.Habit.isMuted keeps its signature, its body stops with a message (\(Self.models.path)/HabitSchemaV2.swift:38): nothing the migration runs was found to call it, and it uses SwiftUI (imported by its file)"
            ))
    }

    @Test func aMemberTheStageReachesThatUsesSwiftUINamesTheWayToIt() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Self.models)
        let schema = folder.url.appendingPathComponent("HabitSchemaV2.swift")
        let text = try String(contentsOf: schema, encoding: .utf8)
        let plain = "            StreakFormatter.text(done: completedCount, goal: goalCount)\n"
        #expect(text.contains(plain))
        // The method the stage calls now draws a swatch on the way.
        try Data(
            text.replacingOccurrences(
                of: plain,
                with: "            let ring: Color = isMuted ? .gray : color\n"
                    + plain.replacingOccurrences(
                        of: "goal: goalCount)", with: "goal: goalCount) + (ring == .gray ? \" (paused)\" : \"\")")
            ).utf8
        ).write(to: schema)
        let app = CompiledApp(sources: try AppSources(folder: folder.url))
        // Reached, the swatch and its grey test stay whole: the build fails in them, and says how the stage gets there.
        #expect(app.adaptations.membersStubbed.map(\.member) == ["HabitSchemaV2.Habit.accessibilitySummary"])
        #expect(app.adaptations.membersDropped.map(\.member) == ["HabitSchemaV2.Habit.spokenColor"])
        let copies = URL(fileURLWithPath: "/cache/strata/apps/Sources").appendingPathComponent(app.target)
        let log = """
            \(copies.path)/HabitSchemaV2.swift:51:23: error: cannot find type 'Color' in scope
            \(copies.path)/HabitSchemaV2.swift:30:24: error: cannot find 'Color' in scope
            """
        let problems = BuildProblem.parse(log, app: app, folder: copies).map(\.description)
        #expect(problems.count == 2)
        #expect(
            problems.first?.hasSuffix(
                "HabitSchemaV2.swift:51:23: error: HabitSchemaV2.Habit.progressText.ring: cannot find type 'Color' in scope (the file imports SwiftUI, which Linux lacks) (the migration reaches it: HabitMigrationPlan → HabitSchemaV2.Habit.progressText(…))"
            ) == true, "\(problems)")
        #expect(
            problems.last?.hasSuffix(
                "(the migration reaches it: HabitMigrationPlan → HabitSchemaV2.Habit.progressText(…) → HabitSchemaV2.Habit.color)"
            ) == true, "\(problems)")
    }

    /// A model file importing WidgetKit and UserNotifications: its members the stage does not reach keep their
    /// signatures with bodies that stop, whether or not Strata knows the names they call (`ControlCenter` it does
    /// not); the observer redrawing the widget and the one rescheduling the reminder are emptied, the one trimming the
    /// care note stays, the method the stage calls stays whole, and the App Intent only a stubbed body names is not
    /// taken.
    @Test func aModelCallingWidgetKitAndNotificationsKeepsWhatTheStageReaches() throws {
        let models = FixtureTree.folder("PlantCareApp").appendingPathComponent("PlantCare/Models")
        let app = CompiledApp(sources: try AppSources(folder: models))
        // The reminder's rescheduling is named only by an observer of a persisted property, which does not run: it is
        // left out, and that observer emptied.
        #expect(
            StageReachTests.described(app.adaptations.membersDropped) == [
                #"PlantSchemaV2.swift:39 PlantSchemaV2.Plant.rescheduleReminder(…) ["UNUserNotificationCenter (UserNotifications)", "UNMutableNotificationContent (UserNotifications)", "UNCalendarNotificationTrigger (UserNotifications)", "UNNotificationRequest (UserNotifications)"]"#
            ])
        let imported = #"["UserNotifications, WidgetKit (imported by its file)"]"#
        #expect(
            StageReachTests.described(app.adaptations.membersStubbed) == [
                "PlantSchemaV2.swift:36 PlantSchemaV2.Plant.reminderID \(imported)",
                "PlantSchemaV2.swift:53 PlantSchemaV2.Plant.refreshControls(…) \(imported)",
                "PlantSchemaV2.swift:58 PlantSchemaV2.Plant.water(…) \(imported)",
            ])
        #expect(
            StageReachTests.described(app.adaptations.observersEmptied) == [
                #"PlantSchemaV2.swift:16 PlantSchemaV2.Plant.lastWatered (didSet) ["WidgetCenter (WidgetKit)"]"#,
                #"PlantSchemaV2.swift:20 PlantSchemaV2.Plant.reminderHour (didSet) ["PlantSchemaV2.Plant.rescheduleReminder(…), left out"]"#,
            ])
        // The intent the swipe action donates (an AppIntent, unknown to Strata) is named only in a body that stops: not
        // taken.
        #expect(
            app.files.map(\.name).filter { $0.hasPrefix("Plant") || $0.hasPrefix("Water") }.sorted() == [
                "PlantMigrationPlan.swift", "PlantSchemaV1.swift", "PlantSchemaV2.swift",
            ])
        let model = try #require(app.files.first { $0.name == "PlantSchemaV2.swift" })
        let lines = model.text.components(separatedBy: "\n")
        #expect(lines[3] == "import Strata", "WidgetKit's import is dropped")
        let emptiedBody = { (line: String) in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("didSet {")
                && line.drop { $0 != "{" }.dropFirst().dropLast().allSatisfy { $0 == " " } && line.hasSuffix("}")
        }
        #expect(emptiedBody(lines[15]) && emptiedBody(lines[19]), "\(lines[15]) \(lines[19])")
        #expect(lines[24] == "                let trimmed = careNote.trimmingCharacters(in: .whitespaces)")
        #expect(lines[52].hasPrefix(#"        func refreshControls() { fatalError("strata: the body of"#))
        #expect(!model.text.contains("ControlCenter.") && !model.text.contains("UNUserNotificationCenter."))
        #expect(lines[65] == #"            intervalDays == 1 ? "water daily" : "water every \(intervalDays) days""#)
        #expect(
            app.adaptations.textLines.contains(
                "PlantSchemaV2.Plant.lastWatered (didSet) emptied (\(models.path)/PlantSchemaV2.swift:16): a migration's writes to the property run without it, as it calls WidgetCenter (WidgetKit)"
            ))
    }
}
