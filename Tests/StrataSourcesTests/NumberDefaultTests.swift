import Foundation
import Strata
import StrataSources
import Testing

/// Number defaults written the ways apps write durations and sentinels: arithmetic on literals (with Swift's
/// precedence and integer division), integer bounds by width, and Foundation's `TimeInterval`; what Swift would not
/// compile (an overflow) or the reader does not evaluate (a shift) stays unknown rather than guessed.
@Suite struct NumberDefaultTests {
    /// The stored defaults of `Timer`'s properties, each written `name: type = expression`.
    private func defaults(_ properties: [(String, String, String)]) throws -> [String: String] {
        let folder = try TemporaryFolder()
        let declared = properties.map { "        var \($0.0): \($0.1) = \($0.2)" }.joined(separator: "\n")
        try folder.write(
            "Timers.swift",
            """
            import Foundation
            import SwiftData

            enum TimersV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Timer.self] }
                @Model final class Timer {
            \(declared)
                    init() {}
                }
            }

            enum TimersPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [TimersV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """)
        let schema = try AppSources(folder: folder.url).plan(named: nil).versions[0].schema
        var result: [String: String] = [:]
        for (name, _, _) in properties {
            result[name] = schema.storedDefault("Timer", name).map { "\($0)" } ?? "none"
        }
        return result
    }

    @Test func evaluatesArithmeticAsSwiftDoes() throws {
        let read = try defaults([
            ("week", "Int", "60 * 60 * 24 * 7"),
            ("precedence", "Int", "2 + 3 * 4"),
            ("grouped", "Int", "(2 + 3) * 4"),
            ("truncated", "Int", "7 / 2"),
            ("remainder", "Int", "7 % 4"),
            ("negative", "Int", "-(3 - 10)"),
            ("half", "Double", "7 / 2"),
            ("quarter", "Double", "1.0 / 4"),
            ("timeout", "TimeInterval", "2 * 60"),
        ])
        #expect(read["week"] == "integer(604800)")
        #expect(read["precedence"] == "integer(14)")
        #expect(read["grouped"] == "integer(20)")
        #expect(read["truncated"] == "integer(3)")
        #expect(read["remainder"] == "integer(3)")
        #expect(read["negative"] == "integer(7)")
        #expect(read["half"] == "real(3.5)")
        #expect(read["quarter"] == "real(0.25)")
        #expect(read["timeout"] == "real(120.0)")
    }

    @Test func readsIntegerBoundsByTheirWidth() throws {
        let read = try defaults([
            ("newest", "Int", "Int.max"),
            ("oldest", "Int64", ".min"),
            ("small", "Int16", ".max"),
            ("byte", "UInt8", "UInt8.max"),
            ("unsigned", "UInt64", ".max"),
            ("none", "UInt32", ".min"),
        ])
        #expect(read["newest"] == "integer(\(Int64.max))")
        #expect(read["oldest"] == "integer(\(Int64.min))")
        #expect(read["small"] == "integer(32767)")
        #expect(read["byte"] == "integer(255)")
        #expect(read["unsigned"] == "integer(-1)") // UInt64's bit pattern, as Strata stores it
        #expect(read["none"] == "integer(0)")
    }

    @Test func leavesWhatItCannotEvaluateUnknown() throws {
        let read = try defaults([
            ("shifted", "Int", "1 << 4"),
            ("overflowing", "Int", "Int.max * 2"),
            ("divided", "Int", "1 / 0"),
            ("called", "Int", "max(3, 4)"),
        ])
        #expect(read["shifted"] == #"unknown(expression: "1 << 4")"#)
        #expect(read["overflowing"] == #"unknown(expression: "Int.max * 2")"#)
        #expect(read["divided"] == #"unknown(expression: "1 / 0")"#)
        #expect(read["called"] == #"unknown(expression: "max(3, 4)")"#)
    }

    @Test func readsTimeIntervalAsTheDoubleItIs() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Workout.swift",
            """
            import Foundation
            import SwiftData

            enum WorkoutsV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Workout.self] }
                @Model final class Workout {
                    var duration: TimeInterval = 0
                    var splits: [TimeInterval] = [60, 90.5]
                    var rest: Float32?
                    init() {}
                }
            }

            enum WorkoutsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [WorkoutsV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """)
        let entity = try #require(
            try AppSources(folder: folder.url).plan(named: nil).versions[0].schema.entitiesByName["Workout"])
        #expect(entity.attribute(named: "duration")?.valueType == .double)
        #expect(entity.attribute(named: "splits")?.valueType == .codable(typeName: "Array<Double>"))
        #expect(entity.attribute(named: "rest")?.valueType == .float)
    }
}
