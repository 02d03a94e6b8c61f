import ArgumentParser
import Foundation
import Strata
import StrataSources
import StrataText

/// `strata freeze --sources DIR [--out FILE]`: records each version of an app's plan, as it ships, in a stable JSON
/// file the app commits; `strata check --frozen FILE` then reports any later edit to them.
struct FreezeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freeze",
        abstract: "Record the versions of an app's plan as they ship, for `check --frozen` to guard.",
        discussion: """
            Writes (or adds to) a JSON file holding each version's identifier, schema type, fingerprint and \
            entities (format strata.freeze/1, keys sorted, so it diffs well). Run it when you ship and commit the \
            file. Versions already recorded are kept as they were; when the sources' version differs from its \
            record, nothing is written and the edits are listed (exit 1): a shipped version must not change.

            Examples:
              strata freeze --sources MyApp/Sources
              strata freeze --sources MyApp/Sources --plan NotesMigrationPlan --out MyApp/strata-freeze.json
              strata check --sources MyApp/Sources --frozen MyApp/strata-freeze.json
            """)

    @OptionGroup var plan: PlanOptions

    @Option(help: ArgumentHelp("The file to write (added to when it exists).", valueName: "file"))
    var out = "strata-freeze.json"

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard plan.sources != nil else { throw ValidationError("freeze reads an app's sources: give --sources DIR") }
    }

    func run() throws {
        let resolved = try plan.resolve()
        guard let source = resolved.source, let sources = resolved.sources else {
            throw CommandFailure.usage("freeze reads an app's sources: give --sources DIR")
        }
        // Every version is recorded whole and under its own identifier, or nothing is written.
        for version in source.versions {
            _ = try VersionArgument.schema(
                version.schema.version?.description ?? "", in: resolved.checked.0, planName: resolved.name,
                source: source)
        }
        let url = URL(fileURLWithPath: out)
        var frozen = FrozenVersions(plan: source.name)
        if FileManager.default.fileExists(atPath: url.path) {
            do {
                frozen = try FrozenVersions(contentsOf: url)
            } catch {
                throw CommandFailure.usage(
                    "\(out) exists and is not a file `strata freeze` wrote; give another --out")
            }
        }
        let edits = SourceLint(
            plan: source, sources: sources, shipped: frozen.shipped(recordedIn: url.lastPathComponent)
        )
        .shippedEdits().filter { $0.severity == "error" }
        guard edits.isEmpty else {
            edits.forEach { Console.error(TerminalText.sanitize($0.description)) }
            throw CommandFailure.findings("nothing was written: \(url.path) records these versions otherwise")
        }
        let added = source.versions.filter { frozen.record($0) }
        try frozen.encoded().write(to: url, options: .atomic)
        let report = FreezeReport(
            file: url.path, plan: source.name, versions: frozen.versions.map(\.version),
            added: added.compactMap { $0.schema.version?.description })
        if output.json { try JSONOutput.print(report) } else { report.textLines.forEach { Console.out($0) } }
    }
}
