import Foundation
import Testing

/// An app repository as a pull request leaves it: SummitLogApp (a hiking log synced through CloudKit) at
/// `MyApp/Sources`, its shipped versions frozen in `strata-freeze.json`, then edited by the pull request: the shipped
/// SummitSchemaV2 loses `Hike.notes` and `Hike.weather` loses its default.
final class ReviewRepository {
    /// The repository's root (it holds `.git`).
    let root: URL
    private let temporary: TemporaryStore

    /// Where the app's sources are, relative to the root.
    static let sources = "MyApp/Sources"
    /// The shipped SummitSchemaV2, relative to the sources.
    static let schemaV2 = "Schema/SummitSchemaV2.swift"

    /// The edits the pull request makes to SummitSchemaV2: (text, replacement).
    static let pullRequestEdits = [
        ("        var notes: String?\n", ""),
        (#"var weather: String = "clear""#, "var weather: String"),
    ]

    /// A new repository with the app frozen as it shipped, then `edits` applied to SummitSchemaV2.
    init(editing edits: [(String, String)] = ReviewRepository.pullRequestEdits) throws {
        temporary = try TemporaryStore()
        root = temporary.directory.appendingPathComponent("summit-log")
        let sources = root.appendingPathComponent(Self.sources)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: sources.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: SourcesCommandTests.tree("SummitLogApp")), to: sources)
        let freeze = try CommandRun.strata(
            ["freeze", "--sources", Self.sources, "--out", "strata-freeze.json"], in: root)
        #expect(freeze.status == 0, "\(freeze.standardError)")
        let file = sources.appendingPathComponent(Self.schemaV2)
        var text = try String(contentsOf: file, encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old), "SummitSchemaV2 holds \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// Runs `strata` with `arguments` in the repository's root.
    func strata(_ arguments: String..., environment: [String: String] = [:]) throws -> CommandRun {
        try CommandRun.strata(arguments, environment: environment, in: root)
    }
}
