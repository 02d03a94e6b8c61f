import Foundation
import Testing

@testable import StrataCLI

/// docs/CI.md's workflow, its commands run as written on a pull request's repository (everything but installing and
/// posting), and the rule that a pull request from a fork never enters the compiled level on its own.
@Suite struct CIWorkflowTests {
    /// The workflow's YAML block in docs/CI.md, as lines.
    static func workflow() throws -> [String] {
        let page = try String(
            contentsOf: RunnableExampleTests.root.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "```yaml") else { return [] }
        return Array(lines[(start + 1)...].prefix { $0 != "```" })
    }

    /// The `run: |` script of the step named `name`.
    static func script(ofStep name: String, in workflow: [String]) -> String? {
        guard let step = workflow.firstIndex(where: { $0.hasSuffix("- name: \(name)") }),
            let run = workflow[step...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
        else { return nil }
        let indent = workflow[run].prefix { $0 == " " }.count
        return workflow[(run + 1)...].prefix { $0.isEmpty || $0.prefix { $0 == " " }.count > indent }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    /// The job's `env:` values (`APP_SOURCES: MyApp/Sources`), comments left out.
    static func environment(in workflow: [String]) -> [String: String] {
        guard let start = workflow.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "env:" }) else {
            return [:]
        }
        var values: [String: String] = [:]
        for line in workflow[(start + 1)...].prefix(while: { $0.hasPrefix("      ") }) {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            values[parts[0]] = String(parts[1].split(separator: "#").first ?? "").trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    /// Runs `script` with bash in `folder`, the built `strata` first on PATH and `environment` set.
    static func bash(_ script: String, in folder: URL, environment: [String: String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        merged["PATH"] = CommandRun.productsDirectory.path + ":" + (merged["PATH"] ?? "/usr/bin:/bin")
        merged["STRATA_STATIC"] = "1"
        process.environment = merged
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theWorkflowsReportAndAnnotationStepsRunOnAPullRequest() throws {
        let workflow = try Self.workflow()
        let env = Self.environment(in: workflow)
        #expect(env["APP_SOURCES"] == ReviewRepository.sources)
        #expect(env["FROZEN"] == "strata-freeze.json")
        let report = try #require(Self.script(ofStep: "Report", in: workflow))
        let annotate = try #require(Self.script(ofStep: "Annotate the lines", in: workflow))
        #expect(report.contains("--frozen \"$FROZEN\" --upgrades --format markdown"))
        #expect(workflow.contains { $0.contains(".strata/scripts/install.sh") })

        let repository = try ReviewRepository()
        let outputs = repository.root.appendingPathComponent("github-output")
        let summary = repository.root.appendingPathComponent("step-summary")
        let jobEnvironment = env.merging(["GITHUB_OUTPUT": outputs.path, "GITHUB_STEP_SUMMARY": summary.path]) {
            _, new in new
        }
        let (reportStatus, _) = try Self.bash(report, in: repository.root, environment: jobEnvironment)
        #expect(reportStatus == 0)
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "status=1\n")
        let markdown = try String(
            contentsOf: repository.root.appendingPathComponent("strata-report.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("**Verdict: fails.**"))
        #expect(markdown.contains("strata check --sources MyApp/Sources --frozen strata-freeze.json --upgrades"))
        #expect(try String(contentsOf: summary, encoding: .utf8) == markdown)

        let (annotateStatus, annotations) = try Self.bash(annotate, in: repository.root, environment: jobEnvironment)
        #expect(annotateStatus == 0)
        let lines = annotations.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.hasPrefix("::error file=MyApp/Sources/Schema/SummitSchemaV2.swift,line=16,col=9,") })
        #expect(
            lines.contains { $0.hasPrefix("::warning file=MyApp/Sources/Schema/SummitSchemaV2.swift,line=11,col=5,") })
        #expect(
            lines.contains {
                $0.hasPrefix("::error file=MyApp/Sources/Schema/SummitSchemaV2.swift,")
                    && $0.contains("was edited after it shipped (strata-freeze.json)")
            })
    }

    /// A GitHub event file for a pull request from `head` into `base` (null for a deleted fork).
    static func event(head: String?, base: String, in folder: TemporaryStore) throws -> String {
        let headRepo = head.map { #"{"full_name": "\#($0)"}"# } ?? "null"
        let json =
            #"{"number": 7, "pull_request": {"number": 7, "head": {"repo": \#(headRepo)}, "base": {"repo": {"full_name": "\#(base)"}}}, "repository": {"full_name": "\#(base)"}}"#
        let path = folder.path("event-\(UUID().uuidString).json")
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func howAForkIsToldFromTheTeamsOwnBranch() throws {
        let folder = try TemporaryStore()
        let fork = try Self.event(head: "someone/summit-log", base: "team/summit-log", in: folder)
        let own = try Self.event(head: "team/summit-log", base: "team/summit-log", in: folder)
        let deleted = try Self.event(head: nil, base: "team/summit-log", in: folder)
        #expect(
            UntrustedSources.reason(in: ["GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": fork])
                == "this job checks pull request #7 from someone/summit-log into team/summit-log (GITHUB_EVENT_NAME=pull_request)"
        )
        #expect(
            UntrustedSources.reason(in: ["GITHUB_EVENT_NAME": "pull_request_target", "GITHUB_EVENT_PATH": own]) == nil)
        #expect(UntrustedSources.reason(in: ["GITHUB_EVENT_NAME": "push", "GITHUB_EVENT_PATH": fork]) == nil)
        #expect(
            UntrustedSources.reason(in: ["GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": deleted])?.contains(
                "head repository or base repository is not named") == true)
        #expect(
            UntrustedSources.reason(in: ["GITHUB_EVENT_NAME": "pull_request"])
                == "this job checks a pull request (GITHUB_EVENT_NAME=pull_request) whose head repository cannot be read (GITHUB_EVENT_PATH unset)"
        )
        #expect(
            UntrustedSources.reason(in: [
                "GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": fork, "STRATA_TRUST_SOURCES": "1",
            ]) == nil)
        #expect(
            UntrustedSources.reason(in: [
                "CI_MERGE_REQUEST_SOURCE_PROJECT_ID": "41", "CI_MERGE_REQUEST_PROJECT_ID": "9",
            ])
                == "this job checks a merge request from project 41 into project 9 (CI_MERGE_REQUEST_SOURCE_PROJECT_ID)"
        )
    }

    @Test func aPullRequestFromAForkNeverEntersTheCompiledLevelOnItsOwn() throws {
        let folder = try TemporaryStore()
        let fork = try Self.event(head: "someone/recipes", base: "team/recipes", in: folder)
        // Not STRATA_STATIC: without the rule these would build the app's code (its custom stage).
        let ci = ["STRATA_STATIC": "", "GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": fork]
        let recipes = SourcesCommandTests.tree("RecipesApp")
        let upgrades = try CommandRun.strata(
            ["check", "--sources", recipes, "--upgrades", "--sample", "2", "--json"], environment: ci)
        #expect(upgrades.status == 0)
        let notice =
            "strata: the compiled level, which runs the app's code, is not entered on its own: this job checks pull request #7 from someone/recipes into team/recipes (GITHUB_EVENT_NAME=pull_request); --compiled or STRATA_TRUST_SOURCES=1 enters it"
        #expect(upgrades.standardError.contains(notice))
        #expect(!upgrades.standardError.contains("building"))
        let paths = try upgrades.json()["upgrades"] as? [[String: Any]] ?? []
        let stopped = try #require(paths.first { $0["outcome"] as? String == "stopped" })
        #expect(
            (stopped["message"] as? String)?.contains("is not entered on its own: this job checks pull request #7")
                == true)

        // A real run needs the compiled level: refused, the store unchanged.
        let store = folder.path("Recipes.store")
        #expect(try CommandRun.strata("new", store, "--sources", recipes, "--at", "1.0.0").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let real = try CommandRun.strata(["migrate", store, "--sources", recipes, "--yes"], environment: ci)
        #expect(real.status == 1)
        #expect(real.standardError.contains("is not entered on its own: this job checks pull request #7"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }
}
