import Foundation
import Testing

/// `strata check` on CloudKit-synced apps: a Core Data model with `usedWithCloudKit="YES"` (Tests/CoreDataModels/
/// Garden), each rule passing on the model as written and failing on a copy edited to break it, and `--cloudkit`.
@Suite struct CloudKitCommandTests {
    /// A copy of the Garden model in `folder`, with (text, replacement) edits applied to `Garden 2`'s contents.
    static func garden(in folder: TemporaryStore, editing edits: [(String, String)] = []) throws -> String {
        let source = RunnableExampleTests.root.appendingPathComponent("Tests/CoreDataModels/Garden/Garden.xcdatamodeld")
        let copy = folder.directory.appendingPathComponent("Garden-\(UUID().uuidString).xcdatamodeld")
        try FileManager.default.copyItem(at: source, to: copy)
        let contents = copy.appendingPathComponent("Garden 2.xcdatamodel/contents")
        var text = try String(contentsOf: contents, encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old), "Garden 2 holds \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        try text.write(to: contents, atomically: true, encoding: .utf8)
        return copy.path
    }

    /// The CloudKit diagnostics of `check --model` as "line: severity: message" (all in Garden 2's contents).
    static func cloudKit(_ model: String, _ extra: [String] = []) throws -> (Int32, [String], [String]?) {
        let run = try CommandRun.strata(["check", "--model", model, "--json"] + extra)
        let report = try run.json()
        let diagnostics = (report["diagnostics"] as? [[String: Any]] ?? []).filter {
            ($0["message"] as? String)?.hasPrefix("CloudKit: ") == true
        }
        return (
            run.status,
            diagnostics.map {
                "\($0["line"] as? Int ?? 0): \($0["severity"] as? String ?? ""): \($0["message"] as? String ?? "")"
            },
            report["cloudKit"] as? [String]
        )
    }

    @Test func theModelAsWrittenFollowsEveryRule() throws {
        let folder = try TemporaryStore()
        let (status, found, reasons) = try Self.cloudKit(try Self.garden(in: folder))
        #expect(status == 0)
        #expect(found == [])
        #expect(reasons == ["Garden: usedWithCloudKit=\"YES\"", "Garden 2: usedWithCloudKit=\"YES\""])
    }

    @Test func eachRuleOfOneVersionFailsAtItsElement() throws {
        let folder = try TemporaryStore()
        let broken = try Self.garden(
            in: folder,
            editing: [
                (
                    #"<attribute name="spacing" attributeType="Double" defaultValueString="30""#,
                    #"<attribute name="spacing" attributeType="Double""#
                ),
                (
                    #"name="plants" optional="YES" toMany="YES" deletionRule="Cascade""#,
                    #"name="plants" toMany="YES" deletionRule="Deny""#
                ),
                (#" inverseName="plants" inverseEntity="Bed"/>"#, "/>"),
                (
                    "    </entity>\n</model>",
                    "        <uniquenessConstraints>\n            <uniquenessConstraint>\n                <constraint value=\"name\"/>\n            </uniquenessConstraint>\n        </uniquenessConstraints>\n    </entity>\n</model>"
                ),
            ])
        let (status, found, _) = try Self.cloudKit(broken)
        #expect(status == 1)
        #expect(found.contains { $0.hasPrefix("11: error: CloudKit: Plant.spacing is required without a default") })
        #expect(found.contains { $0.hasPrefix("6: error: CloudKit: Bed.plants is a required relationship") })
        #expect(found.contains { $0.hasPrefix("6: error: CloudKit: Bed.plants has the .deny delete rule") })
        #expect(found.contains { $0.hasPrefix("13: error: CloudKit: Plant.bed has no inverse") })
        #expect(found.contains { $0.hasPrefix("9: error: CloudKit: Plant.name is unique") })
    }

    @Test func removingAnAttributeAfterSyncBeganWarns() throws {
        let folder = try TemporaryStore()
        let removed = try Self.garden(
            in: folder,
            editing: [
                (
                    "        <attribute name=\"spacing\" attributeType=\"Double\" defaultValueString=\"30\" usesScalarValueType=\"YES\"/>\n",
                    ""
                )
            ])
        let (status, found, _) = try Self.cloudKit(removed)
        #expect(status == 0)
        #expect(
            found == [
                "8: warning: CloudKit: Plant.spacing removed in Garden -> Garden 2 after CloudKit sync began: the field stays in the production schema and installs still at Garden keep sending it, which Garden 2 ignores; they no longer get a value for it from newer installs (theirs become nil or the default)"
            ])
    }

    @Test func aModelNotMarkedIsLintedOnlyWithCloudKitForced() throws {
        let folder = try TemporaryStore()
        let model = try Self.garden(
            in: folder,
            editing: [(#" usedWithCloudKit="YES""#, ""), (#"deletionRule="Cascade""#, #"deletionRule="Deny""#)])
        let first = URL(fileURLWithPath: model).appendingPathComponent("Garden.xcdatamodel/contents")
        let text = try String(contentsOf: first, encoding: .utf8)
        try text.replacingOccurrences(of: #" usedWithCloudKit="YES""#, with: "").write(
            to: first, atomically: true, encoding: .utf8)
        let (status, found, reasons) = try Self.cloudKit(model)
        #expect(status == 0)
        #expect(found == [] && reasons == nil)
        let (forcedStatus, forced, forcedReasons) = try Self.cloudKit(model, ["--cloudkit"])
        #expect(forcedStatus == 1)
        #expect(
            forced.count == 1
                && forced.first?.hasPrefix("6: error: CloudKit: Bed.plants has the .deny delete rule") == true)
        #expect(forcedReasons == ["--cloudkit"])
    }

    @Test func aCoreDataModelsReportForAPullRequest() throws {
        let folder = try TemporaryStore()
        let model = try Self.garden(in: folder)
        let markdown = try CommandRun.strata("check", "--model", model, "--format", "markdown")
        #expect(markdown.status == 0)
        #expect(markdown.standardOutput.hasPrefix("**Verdict: safe.** plan "))
        #expect(markdown.standardOutput.contains("#### Core Data's verdict (single jump, current `Garden 2`)"))
        #expect(markdown.standardOutput.contains("- `Garden -> Garden 2`: inferred"))
        let denied = try Self.garden(in: folder, editing: [(#"deletionRule="Cascade""#, #"deletionRule="Deny""#)])
        let github = try CommandRun.strata(
            "check", "--model", denied, "--format", "github", "--repository-root", folder.directory.path)
        #expect(github.status == 1)
        let name = URL(fileURLWithPath: denied).lastPathComponent
        #expect(
            github.standardOutput.split(separator: "\n").contains {
                $0.hasPrefix(
                    "::error file=\(name)/Garden 2.xcdatamodel/contents,line=6,col=1,title=Strata%3A CloudKit::CloudKit: Bed.plants has the .deny delete rule"
                )
            })
    }

    @Test func theSourcesLintNamesWhatShowsTheSync() throws {
        let app = SourcesCommandTests.tree("SummitLogApp")
        let check = try CommandRun.strata("check", "--sources", app)
        #expect(check.status == 0)
        #expect(
            check.standardOutput.contains(
                "CloudKit sync (its rules are linted): \(app)/SummitLogApp.swift:13:13: note: cloudKitDatabase: .private(SummitLogApp.containerIdentifier)"
            ))
        let plain = try CommandRun.strata("check", "--plan", "bookshelf", "--cloudkit")
        #expect(plain.status == 2)
        #expect(plain.standardError.contains("--cloudkit lints an app's sources or Core Data model"))
    }
}
