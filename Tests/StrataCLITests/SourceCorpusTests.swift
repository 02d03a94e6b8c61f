import Foundation
import Strata
import StrataSources
import Testing

/// App-shaped source folders written the ways public SwiftData apps write their plans
/// (Tests/StrataSourcesTests/Fixtures/Corpus), each with an EXPECTED file stating, by hand, what reading it must
/// give (versions, entities with stored attribute and relationship counts, stages, defaults, lint findings) and
/// what `check`, `freeze`, `diff`, `new --sample` and `migrate --dry-run` must do with it.
@Suite struct SourceCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StrataSourcesTests/Fixtures/Corpus")

    static let apps = [
        "PantryApp", "ChoresApp", "ShelfApp", "DeckApp", "AtlasApp", "AllotmentApp", "CinemaApp", "KitchenApp",
        "FieldNotesApp", "LendingApp", "TrailApp",
    ]

    @Test(arguments: apps) func readsTheAppAsItsExpectedFileSays(app: String) throws {
        let expected = try Expectations(app: app)
        let sources = try AppSources(folder: expected.folder)
        let plan = try sources.plan(named: nil)
        #expect(Self.reading(of: plan, in: expected.folder) == expected.reading, "\(app)")
        for (version, property) in expected.lines("optional") {
            let (entity, attribute) = try #require(Self.split(property))
            let schema = try #require(plan.versions.first { $0.name == version }?.schema)
            #expect(
                schema.entitiesByName[entity]?.attribute(named: attribute)?.isOptional == true, "\(app) \(property)")
        }
        let findings = SourceLint(plan: plan, sources: sources).findings()
        let lint = expected.lines("lint")
        #expect(findings.count == lint.count, "\(app): \(findings.map(\.description))")
        for (place, said) in lint {
            // "error: message": the severity, and a part of the message.
            let (severity, message) = Self.split(said, at: ": ")
            #expect(
                findings.contains { finding in
                    "\(Self.relative(finding.location.file, to: expected.folder)):\(finding.location.line)" == place
                        && finding.severity == severity && finding.message.contains(message)
                },
                "\(app): \(place) \(said) in \(findings.map(\.description))")
        }
    }

    @Test(arguments: apps) func commandsBehaveAsItsExpectedFileSays(app: String) throws {
        let expected = try Expectations(app: app)
        let sources = expected.folder.path
        let temporary = try TemporaryStore()
        for (word, rest) in expected.lines("check") {
            let check = try CommandRun.strata("check", "--sources", sources)
            #expect("\(word) \(rest)" == "exit \(check.status)", "\(app): \(check.standardOutput)")
        }
        for (count, _) in expected.lines("check-stages") {
            let stages = try CommandRun.strata("check", "--sources", sources, "--json").json()["stages"] as? [Any]
            #expect(stages?.count == Int(count), "\(app)")
        }
        for (word, rest) in expected.lines("freeze") {
            let freeze = try CommandRun.strata("freeze", "--sources", sources, "--out", temporary.path("freeze.json"))
            let (status, message) = Self.outcome("\(word) \(rest)")
            #expect(freeze.status == status, "\(app): \(freeze.standardError)")
            #expect(message.isEmpty || freeze.standardError.contains(message), "\(app): \(freeze.standardError)")
        }
        for (from, rest) in expected.lines("diff") {
            let to = String(rest.prefix { $0 != " " })
            let diff = try CommandRun.strata("diff", "--sources", sources, from, to)
            let (status, message) = Self.outcome(String(rest.dropFirst(to.count + 1)))
            #expect(diff.status == status, "\(app): \(diff.standardError)")
            #expect(message.isEmpty || diff.standardError.contains(message), "\(app): \(diff.standardError)")
        }
        for (version, message) in expected.lines("new-warning") {
            let made = try CommandRun.strata(
                "new", temporary.path("warned-\(version).store"), "--sources", sources, "--at", version, "--sample", "6"
            )
            #expect(made.status == 0, "\(app): \(made.standardError)")
            #expect(made.standardError.contains(message), "\(app): \(made.standardError)")
        }
        for (version, outcome) in expected.lines("dry-run") {
            let store = temporary.path("dry-\(version).store")
            let made = try CommandRun.strata("new", store, "--sources", sources, "--at", version, "--sample", "6")
            #expect(made.status == 0, "\(app): \(made.standardError)")
            let dry = try CommandRun.strata("migrate", store, "--sources", sources, "--dry-run", "--json")
            let report = try dry.json()
            let stages = report["stages"] as? [[String: Any]] ?? []
            if outcome.hasPrefix("reaches ") {
                #expect(dry.status == 0, "\(app): \(dry.standardError)")
                #expect(report["reached"] as? String == String(outcome.dropFirst(8)), "\(app)")
            } else if outcome.hasPrefix("fails at ") {
                let (title, message) = Self.split(String(outcome.dropFirst(9)), at: ": ")
                #expect(dry.status == 1, "\(app)")
                #expect(stages.last?["title"] as? String == title, "\(app)")
                #expect(
                    (stages.last?["failure"] as? String)?.contains(message) == true, "\(app): \(stages.last ?? [:])")
            } else {
                // "stops at 2.0.0 -> 3.0.0 not run": the custom stage whose code the static level has not compiled.
                let title = outcome.dropFirst("stops at ".count).replacingOccurrences(of: " not run", with: "")
                #expect(report["reached"] as? String == String(title.prefix { $0 != " " }), "\(app)")
                #expect(
                    (report["notRun"] as? String)?.hasPrefix("Custom stage \(title) not run") == true,
                    "\(app): \(report)")
            }
            let text = try CommandRun.strata("migrate", store, "--sources", sources, "--dry-run")
            for (_, warning) in expected.lines("dry-run-warning") {
                #expect(text.standardOutput.contains(warning), "\(app): \(text.standardOutput)")
            }
        }
        for (version, rest) in expected.lines("sample") {
            // "Screening row 1 kind = {…}"
            let words = rest.split(separator: " ", maxSplits: 5).map(String.init)
            let (entity, row, attribute, value) = (words[0], Int(words[2]) ?? 0, words[3], words[5])
            let store = temporary.path("sample-\(version).store")
            if !FileManager.default.fileExists(atPath: store) {
                let made = try CommandRun.strata("new", store, "--sources", sources, "--at", version, "--sample", "4")
                #expect(made.status == 0, "\(app): \(made.standardError)")
            }
            let rows = try CommandRun.strata("rows", store, entity, "--json").json()["rows"] as? [[String: Any]] ?? []
            let found = rows.first { ($0["_pk"] as? Int) == row }?[attribute]
            #expect(found.map { "\($0)" } == value, "\(app) \(entity) row \(row) \(attribute)")
        }
    }

    /// The reading as the EXPECTED file writes it: the plan, each version with its entities' stored attribute and
    /// relationship counts, each stage with its place, each default evaluated from the sources.
    static func reading(of plan: SourcePlan, in folder: URL) -> [String] {
        var lines = ["plan \(plan.name)"]
        for version in plan.versions {
            let entities = version.schema.entities.map {
                "\($0.name)(\($0.attributes.count), \($0.relationships.count))"
            }
            lines.append(
                "version \(version.schema.version?.description ?? "-") \(version.name): \(entities.joined(separator: ", "))"
            )
        }
        for stage in plan.stages {
            lines.append(
                "stage \(stage.kind.rawValue) \(stage.from) -> \(stage.to) at \(relative(stage.location.file, to: folder)):\(stage.location.line)"
            )
        }
        for version in plan.versions {
            for entity in version.schema.entities {
                for attribute in entity.attributes {
                    guard let stored = version.schema.storedDefault(entity.name, attribute.name) else { continue }
                    lines.append("default \(version.name) \(entity.name).\(attribute.name) = \(stored)")
                }
            }
        }
        return lines
    }

    static func relative(_ path: String, to folder: URL) -> String {
        path.hasPrefix(folder.path + "/") ? String(path.dropFirst(folder.path.count + 1)) : path
    }

    static func split(_ property: String) -> (String, String)? {
        let parts = property.split(separator: ".").map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    static func split(_ text: String, at separator: String) -> (String, String) {
        guard let range = text.range(of: separator) else { return (text, "") }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }

    /// "exit 1: message" as its status and message ("" when none is given).
    static func outcome(_ text: String) -> (Int32, String) {
        let (head, message) = split(text, at: ": ")
        return (Int32(head.dropFirst(5)) ?? -1, message)
    }
}

/// An app's EXPECTED file: `#` comments, then lines `keyword first rest`.
struct Expectations {
    let folder: URL
    private let entries: [(keyword: String, first: String, rest: String)]

    init(app: String) throws {
        folder = SourceCorpusTests.corpus.appendingPathComponent(app)
        let text = try String(contentsOf: folder.appendingPathComponent("EXPECTED"), encoding: .utf8)
        entries = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let words = line.split(separator: " ", maxSplits: 2).map(String.init)
            return (words[0], words.count > 1 ? words[1] : "", words.count > 2 ? words[2] : "")
        }
    }

    /// The lines that state the reading, in order, as `SourceCorpusTests.reading` renders them.
    var reading: [String] {
        entries.filter { ["plan", "version", "stage", "default"].contains($0.keyword) }.map {
            [$0.keyword, $0.first, $0.rest].filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// The lines of one keyword, as (second word, rest).
    func lines(_ keyword: String) -> [(String, String)] {
        entries.filter { $0.keyword == keyword }.map { ($0.first, $0.rest) }
    }
}
