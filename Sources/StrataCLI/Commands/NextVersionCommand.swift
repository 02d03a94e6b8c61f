import ArgumentParser
import Foundation
import Strata
import StrataSources
import StrataText

/// `strata next-version --sources DIR [--as V] [--frozen FILE] [--fill …] [--keep …] [--rename …] [--drop …]
/// [--write [--force]]`: the Swift that ships a model change (the shipped version frozen, the new version, the plan
/// extended, the stage), shown as new files and a unified diff, proved by reading it back and dry-running it, and
/// written with `--write`.
struct NextVersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next-version",
        abstract: "Write the next schema version, its plan entry and its stage for an app's model change.",
        discussion: """
            Finds what changed in the live models since the shipped version (the latest version --frozen records, \
            else the plan's latest), and shows the Swift that ships it: the shipped version frozen (its models and \
            the types they store copied into it), the new version, the plan's schemas and stages extended (or a new \
            plan), and the stage: lightweight when every change is, else custom with code for each change. A \
            decision Strata cannot make is refused, naming the flag that makes it. The result is read back and, for \
            a lightweight stage, dry-run on a sample store at the shipped version. Nothing is written without \
            --write. Run it before editing the models to freeze what shipped and open the new version, edit, then \
            run it again to write the stage. Reference: docs/NEXT_VERSION.md.

            Examples:
              strata next-version --sources MyApp/Sources
              strata next-version --sources MyApp/Sources --fill 'Note.priority=0' --keep Note.title=first --write
              strata next-version --sources MyApp/Sources --rename Note.body=text --frozen strata-freeze.json --write
            """)

    @OptionGroup var sources: PlanOptions

    @Option(
        name: .customLong("as"),
        help: ArgumentHelp("The new version's identifier (default: the next major).", valueName: "version"))
    var version: String?

    @Option(
        help: ArgumentHelp(
            "The record of the shipped versions (`strata freeze` writes it): its latest version is the shipped one. With --write, the version frozen is added to it (the file is created when missing), so the next run knows the new version is in progress.",
            valueName: "file"))
    var frozen: String?

    @Option(
        help: ArgumentHelp(
            "What an attribute's rows get where the old row gives no value: a Swift expression over the old row `old` (repeatable).",
            valueName: "Entity.attribute=expression"))
    var fill: [String] = []

    @Option(
        help: ArgumentHelp(
            "Which row of each group of duplicates stays when a uniqueness is added (repeatable).",
            valueName: "Entity.attribute=first|last[:orderBy]"))
    var keep: [String] = []

    @Option(
        help: ArgumentHelp(
            "An attribute renamed: declared with @Attribute(originalName:) (repeatable).", valueName: "Entity.old=new"))
    var rename: [String] = []

    @Option(
        help: ArgumentHelp(
            "An attribute removed on purpose, its values dropped (repeatable).", valueName: "Entity.attribute"))
    var drop: [String] = []

    @Flag(help: "Write the files (after the read-back and the dry run pass).")
    var write = false

    @Flag(help: "With --write: write even when the read-back or the dry run fails.")
    var force = false

    @Option(
        help: ArgumentHelp(
            "A store at the shipped version (Strata, SwiftData or Core Data; never written) to dry-run the new stage on too.",
            valueName: "store"))
    var store: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard sources.sources != nil, sources.coreData.model == nil, !sources.staticLevel else {
            throw ValidationError(
                "next-version reads an app's sources: give --sources DIR (not --model or --static)")
        }
        if force && !write { throw ValidationError("--force goes with --write") }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: sources.sources ?? "")
        let draft: NextVersionDraft
        let app: AppSources
        do {
            let request = try NextVersionRequest(
                version: version, fills: fill, keeps: keep.map(Self.entityKeep), renames: rename, drops: drop)
            app = try read(folder)
            let record = try frozen.flatMap { path -> FrozenVersions? in
                guard FileManager.default.fileExists(atPath: path) else { return nil }
                do { return try FrozenVersions(contentsOf: URL(fileURLWithPath: path)) } catch {
                    throw CommandFailure.usage("\(path) is not a file `strata freeze` wrote")
                }
            }
            draft = try NextVersionDraft.make(sources: app, planName: sources.plan, frozen: record, request: request)
        } catch let refusal as NextVersionRefusal {
            throw CommandFailure.findings(TerminalText.sanitize(refusal.description) + "; nothing was written")
        } catch let error as SourceReadingError {
            throw CommandFailure.usage(error.description)
        }
        let report = NextVersionReport(draft: draft, folder: folder)
        let files = try draft.edits.changes.map {
            NextVersionDocument.File(
                path: SourceEdits.FileChange.relative($0.path, to: folder), created: $0.before == nil,
                diff: try $0.unifiedDiff(relativeTo: folder))
        }
        let compiled = sources.compiled && !sources.staysStatic
        var scratchApps: [URL] = []
        let runner: NextVersionProof.CommandRunner = { folder, plan, store, version in
            if compiled { scratchApps.append(folder) }
            return try Self.dryRun(folder: folder, plan: plan, store: store, to: version, compiled: compiled)
        }
        let proof: NextVersionProof?
        do {
            // The read-back copy built at the compiled level is built once: its target leaves the cache after the proof.
            defer { Self.removeBuilds(of: scratchApps) }
            proof =
                draft.isEmpty
                ? nil
                : try NextVersionProof.check(
                    draft, sources: app, compiled: compiled ? runner : nil,
                    store: store.map { URL(fileURLWithPath: $0) }, onStore: runner)
        }
        if !output.json {
            report.summaryLines.forEach { Console.out($0) }
            for file in files {
                // Tab-indented files (an Xcode project) show their indentation, not `\t` escapes.
                let shown = file.diff.trimmingCharacters(in: .newlines).replacingOccurrences(of: "\t", with: "    ")
                TerminalText.lines(shown).forEach { Console.out($0) }
            }
            proof.map { report.proofLines($0).forEach { Console.out($0) } }
        }
        var written = false
        defer {
            if output.json {
                try? JSONOutput.print(NextVersionDocument(draft: draft, files: files, proof: proof, written: written))
            }
        }
        guard let proof else {
            if !output.json { Console.out("Nothing to do: the sources hold this version and its stage.") }
            return
        }
        guard write else {
            if !output.json { Console.out("Nothing was written; run again with --write to write it.") }
            return
        }
        guard proof.passed || force else {
            throw CommandFailure.findings("nothing was written: the proof failed (--force writes anyway)")
        }
        do {
            let unformatted = try draft.edits.write()
            unformatted.forEach { Console.error("warning: " + TerminalText.sanitize($0)) }
        } catch let refusal as NextVersionRefusal {
            throw CommandFailure.findings(TerminalText.sanitize(refusal.description))
        }
        written = true
        if !output.json {
            Console.out("Wrote \(draft.edits.changes.count) file\(draft.edits.changes.count == 1 ? "" : "s").")
        }
        if let frozen { try recordShipped(draft, in: frozen, folder: folder) }
    }

    /// Adds the versions up to the shipped one to the record at `path` (created when missing), reading the written
    /// plan back.
    private func recordShipped(_ draft: NextVersionDraft, in path: String, folder: URL) throws {
        let url = URL(fileURLWithPath: path)
        var record =
            FileManager.default.fileExists(atPath: path)
            ? try FrozenVersions(contentsOf: url) : FrozenVersions(plan: draft.planName)
        let plan = try read(folder).plan(named: draft.planName)
        let added = record.recordShipped(draft, in: plan)
        try record.encoded().write(to: url, options: .atomic)
        if !added.isEmpty, !output.json {
            Console.out("Recorded \(added.joined(separator: ", ")) as shipped in \(path).")
        }
    }

    /// Removes the targets of the scratch copies `folders` built at the compiled level, and their builds, from the
    /// compiled level's cache; a failure to is a warning.
    private static func removeBuilds(of folders: [URL]) {
        let build = CompiledBuild(package: CompiledPackage()) { Console.error($0) }
        for folder in Set(folders) {
            do { try build.remove(folder) } catch {
                Console.error(
                    "warning: the build of the proof's copy stays in \(build.package.root.path): \(TerminalText.sanitize("\(error)"))"
                )
            }
        }
    }

    /// Dry-runs the plan of the app in `folder` on `store` up to `version`: this `strata` run again (`migrate
    /// --dry-run --json`), which at the compiled level builds the app's code and runs its custom stage.
    private static func dryRun(
        folder: URL, plan: String, store: URL, to version: Schema.Version, compiled: Bool
    ) throws -> NextVersionProof.CommandDryRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments =
            [
                "migrate", store.path, "--sources", folder.path, "--plan", plan, "--to", version.description,
                "--dry-run",
                "--json",
            ] + (compiled ? [] : ["--static"])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .init(
                succeeded: false, lines: ["the dry run printed no report (exit \(process.terminationStatus))"])
        }
        let stages = (report["stages"] as? [[String: Any]] ?? []).map { stage in
            NextVersionReport.stageLine(
                title: "\(stage["from"] ?? "") -> \(stage["to"] ?? "") [\(stage["kind"] ?? "")]",
                failure: stage["failure"] as? String, rows: stage["rows"] as? Int ?? 0)
        }
        let notRun = (report["notRun"] as? String).map { ["not run: \($0)"] } ?? []
        let succeeded = report["succeeded"] as? Bool == true && notRun.isEmpty
        return .init(succeeded: succeeded, lines: stages + notRun)
    }

    /// The app's sources as the options say (`--exclude`, helper folders, `--platform`).
    private func read(_ folder: URL) throws -> AppSources {
        try AppSources(
            folder: folder, excluding: sources.exclude, helperFolders: sources.helperFolders, build: sources.build)
    }

    /// `Entity.attribute=rule` as the request takes it (`Entity=rule`): the rule applies to the entity's new
    /// uniqueness.
    private static func entityKeep(_ value: String) -> String {
        guard let equals = value.firstIndex(of: "="), let dot = value[..<equals].firstIndex(of: ".") else {
            return value
        }
        return String(value[..<dot]) + String(value[equals...])
    }
}
