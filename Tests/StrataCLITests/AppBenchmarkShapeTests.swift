import Foundation
import Testing

/// `strata-bench app --json` (issue 18): the documented shape, on a tiny store; no timing is asserted.
@Suite struct AppBenchmarkShapeTests {
    /// The benchmark's sqlite3 contender needs the CLI.
    static let hasSQLite3 = ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/sqlite3") }

    @Test(.enabled(if: hasSQLite3, "needs the sqlite3 CLI"))
    func jsonHasTheDocumentedShape() throws {
        let run = try CommandRun.product("strata-bench", ["app", "--rows", "200", "--runs", "1", "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try run.json()
        #expect(json["runs"] as? Int == 1)
        let workloads = try #require(json["workloads"] as? [[String: Any]])
        let names = workloads.compactMap { $0["name"] as? String }
        for code in ["A1", "A2", "A3", "A4", "A5"] {
            #expect(names.contains { $0.hasPrefix(code + " ") }, "no \(code) in \(names)")
        }
        for workload in workloads {
            #expect(workload["strata_s"] is Double)
            #expect(workload["contender"] as? String == "GRDB Codable")
            #expect(workload["contender_s"] is Double)
            #expect(workload["ratio"] is Double)
            #expect((workload["target"] as? String)?.hasPrefix("<= ") == true)
            #expect(workload["met"] is Bool)
            #expect(workload["strata_peak_bytes"] != nil && workload["contender_peak_bytes"] != nil)
            let others = try #require(workload["others"] as? [[String: Any]])
            #expect(others.contains { $0["contender"] as? String == "GRDB raw" })
        }
        // A5 is never N+1: 20 parents load their children in a few statements, not one or more per parent.
        let relationships = workloads.filter { ($0["name"] as? String)?.hasPrefix("A5") == true }
        #expect(relationships.count == 2)
        for workload in relationships {
            let note = try #require(workload["note"] as? String)
            let statements = Int(note.prefix { $0.isNumber }) ?? .max
            #expect(statements < 20, "\(note)")
        }
    }
}
