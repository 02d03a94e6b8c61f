import Foundation
import Strata
import StrataSources
import Testing

/// `#if` read as the app's build compiles it (issue 49, 3): the platform (iOS unless told), `DEBUG` and other custom
/// conditions, in plan getters, schema getters, members and model properties (Fixtures/Corpus/TrailApp).
@Suite struct ConditionalCompilationTests {
    static let trail = FixtureTree.folder("Corpus/TrailApp")

    /// Each version of the plan read for `build`: "2.0.0 Hike(title, distance, …) Waypoint(…)".
    static func versions(_ build: SourceBuild) throws -> [String] {
        let plan = try AppSources(folder: trail, build: build).plan(named: nil)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        return plan.versions.map { version in
            ([version.schema.version?.description ?? "-"]
                + version.schema.entities.map { "\($0.name)(\($0.attributes.map(\.name).joined(separator: ", ")))" })
                .joined(separator: " ")
        }
    }

    @Test func readsTheBranchesAnIOSReleaseBuildCompiles() throws {
        #expect(
            try Self.versions(SourceBuild()) == [
                "1.0.0 Hike(title, distance)",
                "2.0.0 Hike(title, distance, startedAt, photo) Waypoint(latitude, longitude)",
                "3.0.0 Hike(title, distance, startedAt, photo, effort) Waypoint(latitude, longitude)",
            ])
    }

    @Test func readsTheBranchesAWatchBuildCompiles() throws {
        #expect(
            try Self.versions(SourceBuild(platform: .watchos)) == [
                "1.0.0 Hike(title, distance)", "2.0.0 Hike(title, distance, startedAt) Waypoint(latitude, longitude)",
            ])
        let plan = try AppSources(folder: Self.trail, build: SourceBuild(platform: .watchos)).plan(named: nil)
        #expect(plan.stages.map { "\($0.from) -> \($0.to)" } == ["1.0.0 -> 2.0.0"])
    }

    @Test func aDebugBuildAppendsTheDebugModel() throws {
        let read = try Self.versions(SourceBuild(customConditions: ["DEBUG"]))
        #expect(
            read[1] == "2.0.0 Hike(title, distance, startedAt, photo) Waypoint(latitude, longitude) DebugEvent(message)"
        )
    }

    @Test func saysWhichBranchOfEachIfItRead() throws {
        let sources = try AppSources(folder: Self.trail)
        #expect(
            sources.branches.map {
                "\(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line) \($0.condition): \($0.chosen)"
            } == [
                "TrailPlan.swift:5 os(watchOS): the #else branch",
                "TrailPlan.swift:13 os(watchOS): the #else branch",
                "TrailPlan.swift:23 !os(watchOS): the #if branch",
                "TrailSchemaV2.swift:9 DEBUG: no branch",
                "TrailSchemaV2.swift:20 os(iOS): the #if branch",
            ])
        #expect(
            sources.branches.first?.description.hasSuffix("#if os(watchOS): the #else branch is read (iOS)") == true)
    }
}
