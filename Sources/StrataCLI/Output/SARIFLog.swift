/// Annotations as a SARIF 2.1.0 log (the format GitHub code scanning and other tools read): one run of the tool
/// `strata`, its rules, and one result per annotation with its place relative to the repository's root.
struct SARIFLog: Encodable {
    /// `{"id", "shortDescription": {"text"}}`.
    struct Rule: Encodable {
        let id: String
        let shortDescription: Message
    }

    /// `{"text"}`.
    struct Message: Encodable {
        let text: String
    }

    /// `{"ruleId", "level", "message", "locations"?}`.
    struct Result: Encodable {
        let ruleId: String
        let level: String
        let message: Message
        let locations: [Location]?
    }

    /// `{"physicalLocation": {"artifactLocation": {"uri", "uriBaseId"}, "region"?: {"startLine", "startColumn"?}}}`.
    struct Location: Encodable {
        struct Physical: Encodable {
            let artifactLocation: Artifact
            let region: Region?
        }

        struct Artifact: Encodable {
            let uri: String
            let uriBaseId = "%SRCROOT%"
        }

        struct Region: Encodable {
            let startLine: Int
            let startColumn: Int?
        }

        let physicalLocation: Physical
    }

    /// `{"tool": {"driver": {"name", "rules"}}, "results"}`.
    struct Run: Encodable {
        struct Tool: Encodable {
            let driver: Driver
        }

        struct Driver: Encodable {
            let name = "strata"
            let rules: [Rule]
        }

        let tool: Tool
        let results: [Result]
    }

    let version = "2.1.0"
    let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    let runs: [Run]

    private enum CodingKeys: String, CodingKey {
        case version, schema = "$schema", runs
    }

    /// What each rule checks, by id.
    static let rules: [String: String] = [
        "strata/plan": "The migration plan is invalid (versions, stages, models).",
        "strata/lint": "A finding of Strata's lint on the app's sources or Core Data model.",
        "strata/cloudkit": "A rule of CloudKit-synced schemas (SwiftData and Core Data with CloudKit).",
        "strata/upgrade": "An older version's upgrade path, tried on a sample store.",
        "strata/stage": "A migration stage that failed or whose code was not run.",
        "strata/data": "A finding on the rows: values, rows or links a stage drops or lacks.",
    ]

    /// The log of `annotations`: the rules they use, sorted, and one result each (SARIF's `note` for a notice).
    init(_ annotations: [ReportAnnotation]) {
        let used = Set(annotations.map(\.rule)).sorted()
        let results = annotations.map { annotation in
            Result(
                ruleId: annotation.rule, level: annotation.level == .notice ? "note" : annotation.level.rawValue,
                message: Message(text: annotation.message),
                locations: annotation.file.map { file in
                    [
                        Location(
                            physicalLocation: Location.Physical(
                                artifactLocation: Location.Artifact(uri: file),
                                region: annotation.line.map {
                                    Location.Region(startLine: $0, startColumn: annotation.column)
                                }))
                    ]
                })
        }
        runs = [
            Run(
                tool: Run.Tool(
                    driver: Run.Driver(
                        rules: used.map { Rule(id: $0, shortDescription: Message(text: Self.rules[$0] ?? $0)) })),
                results: results)
        ]
    }
}
