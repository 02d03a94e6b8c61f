import Foundation
import StrataSources
import Testing

/// Members some needed code calls but the migration does not reach, that use SwiftUI: a member whose signature is
/// plain keeps it with a body that stops, one whose signature names `Color` is left out with the bodies of its
/// unreached callers; a member the stage does reach stays, and a build failing in it names the way the migration
/// reaches it. (Building and running the result is in CompiledSourcesTests.)
@Suite struct StageReachTests {
    static let models = FixtureTree.folder("HabitTrackerApp").appendingPathComponent("HabitTracker/Models")

    @Test func membersTheMigrationDoesNotReachKeepTheirSignaturesOrAreLeftOut() throws {
        let app = CompiledApp(sources: try AppSources(folder: Self.models))
        let described = { (members: [CompiledAdaptations.DroppedMember]) in
            members.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.member) \($0.uses)" }
        }
        // The swatch and its cache name Color in their signatures: left out. The grey test calling the swatch, and
        // the spoken colour using Color in its body, keep their signatures (the VoiceOver summary calls the latter).
        #expect(
            described(app.adaptations.membersDropped) == [
                #"HabitSchemaV2.swift:19 HabitSchemaV2.Habit.swatchCache ["Color (SwiftUI)"]"#,
                #"HabitSchemaV2.swift:28 HabitSchemaV2.Habit.color ["Color (SwiftUI)"]"#,
            ])
        #expect(
            described(app.adaptations.membersStubbed) == [
                #"HabitSchemaV2.swift:38 HabitSchemaV2.Habit.isMuted ["HabitSchemaV2.Habit.color, left out"]"#,
                #"HabitSchemaV2.swift:41 HabitSchemaV2.Habit.spokenColor ["Color (SwiftUI)"]"#,
            ])
        let model = try #require(app.files.first { $0.name == "HabitSchemaV2.swift" })
        let lines = model.text.components(separatedBy: "\n")
        #expect(
            lines[37].hasPrefix(
                #"        var isMuted: Bool {  fatalError("strata: the body of HabitSchemaV2.Habit.isMuted was left out"#
            ))
        #expect(
            lines[37].hasSuffix(
                #"uses HabitSchemaV2.Habit.color, left out), as nothing the migration runs was found to call it")                }"#
            ))
        #expect(lines[40].hasPrefix(#"        var spokenColor: String { fatalError("#))
        #expect(lines[41...42].allSatisfy { $0.allSatisfy(\.isWhitespace) })
        #expect(
            lines[46] == #"        var accessibilitySummary: String { "\(title), \(streakLabel), \(spokenColor)" }"#)
        #expect(lines[49] == "        func progressText() -> String {") // the stage calls it
        #expect(!model.text.contains("Color(") && !model.text.contains("swatchCache"))
        #expect(
            app.adaptations.textLines.contains(
                "HabitSchemaV2.Habit.spokenColor keeps its signature, its body stops with a message (\(Self.models.path)/HabitSchemaV2.swift:41): nothing the migration runs was found to call it, and it uses Color (SwiftUI)"
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
        #expect(app.adaptations.membersStubbed.map(\.member) == ["HabitSchemaV2.Habit.spokenColor"])
        #expect(app.adaptations.membersDropped.isEmpty)
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
}
