import ArgumentParser
import Foundation
import Strata
import StrataAppleStores
import StrataSources
import StrataText

/// `--plan NAME` and `--sources DIR`: a plan this build knows by name, or the plan an app's source folder declares
/// (read with swift-syntax, compiling nothing, or built at the compiled level; `--plan` then picks among several plans
/// by type name; `--static` and `--compiled` choose the level), or `--model PATH`, a Core Data model's versions.
struct PlanOptions: ParsableArguments {
    @Option(
        help:
            "The plan: a name this build knows (see `strata --help`), or with --sources the plan's type name (needed only when the sources declare several)."
    )
    var plan: String?

    @Option(
        name: .customLong("sources"),
        help: ArgumentHelp(
            "An app's source folder: its versioned schemas and migration plan are read from its Swift files (read only; next-version writes there when told to). Repeat it to name other folders of the app whose declarations the plan's code uses.",
            discussion:
                "Read with swift-syntax, compiling nothing (the static level). To run custom stages (migrate, open), the files the plan needs are built against this Strata in the cache ($XDG_CACHE_HOME/strata or ~/.cache/strata) and the command runs in the built program: that runs the app's code (its stages, and macros it uses at build time). Names the first folder uses but does not declare (an attribute's enum, a helper a stage calls) are looked up in the other folders named and in the enclosing app (its Package.swift target or .xcodeproj folder), at both levels; the compiled level builds only the declarations needed. --static stays at the static level.",
            valueName: "dir"))
    var sourceFolders: [String] = []

    /// The app's source folder (the first `--sources`).
    var sources: String? { sourceFolders.first }

    /// The other folders named with `--sources`, where helpers the plan's code uses are looked for.
    var helperFolders: [URL] { sourceFolders.dropFirst().map { URL(fileURLWithPath: $0) } }

    @Option(
        help: ArgumentHelp(
            "With --sources: leave out the files matching a pattern, relative to the folder (repeatable; * and ? within a name, ** across folders; a pattern without / matches a name at any depth).",
            valueName: "glob"))
    var exclude: [String] = []

    @Flag(
        name: .customLong("static"),
        help:
            "With --sources: stay at the static level (compile nothing, run none of the app's code; custom stages are marked not run). STRATA_STATIC=1 does the same."
    )
    var staticLevel = false

    @Flag(
        help:
            "With --sources: build the app's code even for a command the static level answers (check, diff, plan, import), to see what the compiler makes of it."
    )
    var compiled = false

    @Flag(
        help:
            "With --sources: say which branch of each #if in the plan's declarations was read and, at the compiled level, what was changed in the app's code to build it (imports dropped, helpers added, shims compiled in)."
    )
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "With --sources: the platform the app's #if conditions are evaluated for (ios, macos, watchos, tvos, visionos), as a device's Release build.",
            valueName: "platform"))
    var platform = SourceBuild.Platform.ios.rawValue

    /// The build `#if` conditions are evaluated for.
    var build: SourceBuild { SourceBuild(platform: SourceBuild.Platform(rawValue: platform) ?? .ios) }

    @OptionGroup var coreData: ModelPlanOptions

    /// True when no plan option was given.
    var isEmpty: Bool { plan == nil && sources == nil && coreData.model == nil }

    /// True when `--static` or `STRATA_STATIC` keeps `--sources` at the static level.
    var staysStatic: Bool { staticLevel || CompiledLevel.staticByEnvironment }

    func validate() throws {
        if staticLevel && compiled { throw ValidationError("--static and --compiled exclude each other") }
        if (staticLevel || compiled) && sources == nil {
            throw ValidationError("--static and --compiled choose how --sources is read: give --sources DIR")
        }
        if SourceBuild.Platform(rawValue: platform) == nil {
            throw ValidationError(
                "--platform takes \(SourceBuild.Platform.allCases.map(\.rawValue).joined(separator: ", ")), not '\(platform)'"
            )
        }
        if platform != SourceBuild.Platform.ios.rawValue && sources == nil {
            throw ValidationError("--platform says how --sources is read: give --sources DIR")
        }
        if !exclude.isEmpty && sources == nil {
            throw ValidationError("--exclude leaves files of --sources out: give --sources DIR")
        }
        if coreData.model != nil && (plan != nil || sources != nil) {
            throw ValidationError("--model is the plan: leave out --plan and --sources")
        }
    }

    /// The plan the options name, checked (problems included, for `check`); a usage error when neither is given.
    /// With `--sources`, `use` says when the command moves to the compiled level: then it throws the
    /// `CompiledHandOff` the command line's entry runs (the app's built `strata`), unless the build fails. Types the
    /// sources declare twice are warned of on standard error unless `warningOfRedeclarations` is false (`check` lists
    /// them). A plan the sources declare in code Strata could not read whole is refused, its errors printed on
    /// standard error (exit 1, nothing done), unless `listingReadErrors` (`check`, which reports them).
    func resolve(
        compiling use: CompiledLevel.Use = .whenAsked, warningOfRedeclarations: Bool = true,
        listingReadErrors: Bool = false
    ) throws -> ResolvedPlan {
        if let model = try coreData.resolve() {
            return ResolvedPlan(
                name: model.name, checked: model.check(), runnable: nil, origin: .model(model),
                notRunReason: ModelBundlePlan.notRunReason)
        }
        if let sources {
            let app: AppSources
            let plan: SourcePlan
            do {
                app = try AppSources(
                    folder: URL(fileURLWithPath: sources), excluding: exclude, helperFolders: helperFolders,
                    build: build)
                plan = try app.plan(named: self.plan)
            } catch let error as SourceReadingError {
                throw CommandFailure.usage(error.description)
            }
            if verbose {
                app.branches.forEach { Console.error("strata: " + TerminalText.sanitize($0.description)) }
            }
            if !listingReadErrors, !plan.problems.isEmpty {
                plan.problems.forEach { Console.error(TerminalText.sanitize($0.description)) }
                throw CommandFailure.findings(
                    "plan \(plan.name) could not be read whole from \(sources) (\(plan.problems.count == 1 ? "the error" : "the \(plan.problems.count) errors") above), so nothing was done; `strata check --sources \(sources)` lists them"
                )
            }
            if warningOfRedeclarations {
                app.redeclarations.forEach {
                    Console.error(TerminalText.sanitize("warning: \($0.location): \($0.message)"))
                }
            }
            var notRunReason = CompiledLevel.staticReason
            if let withheld = CompiledLevel.withheld(use, options: self, plan: plan) {
                Console.error("strata: " + TerminalText.sanitize(withheld))
                notRunReason = withheld
            } else if CompiledLevel.wanted(use, options: self, plan: plan) {
                if let failure = CommandLineSetup.current.handOffFailure {
                    notRunReason = failure
                } else {
                    switch CompiledLevel.handOff(
                        app: app, plan: plan, arguments: CommandLineSetup.current.arguments, options: self)
                    {
                    case .handOff(let handOff): throw handOff
                    case .staticLevel(let reason): notRunReason = reason
                    }
                }
            }
            return ResolvedPlan(
                name: plan.name, checked: plan.check(), runnable: plan.runnable, origin: .sources(plan, app),
                notRunReason: notRunReason)
        }
        guard let plan else {
            throw CommandFailure.usage(
                "name a plan with --plan NAME, an app's source folder with --sources DIR, or a Core Data model with --model PATH"
            )
        }
        let diagnosed = ValidatedPlan.diagnose(try CommandLineSetup.current.catalog.plan(named: plan))
        return ResolvedPlan(
            name: plan, checked: (diagnosed.0.named(plan), diagnosed.problems.map(\.description)),
            runnable: ValidatedPlan.runnable(diagnosed)?.named(plan), origin: .named,
            notRunReason: CompiledLevel.staticReason)
    }

    /// The long names of this group's options that take a value, and of its flags: what `words` writes back, and
    /// what a command line handed to the compiled level is cleared of.
    static let valueNames = ["--sources", "--exclude", "--model", "--order", "--mappings", "--plan", "--platform"]
    /// The long names of this group's flags.
    static let flagNames = ["--progressive", "--static", "--compiled", "--verbose"]

    /// The options as given, for hints that repeat the command (`--sources DIR --plan NAME --static`).
    var given: [String] { words(handingOffAs: nil) }

    /// The options as words from their parsed values: as given, or for the app's built `strata` at the compiled level
    /// (`handOffPlan`, the plan's type name there: the build holds only the files read, for the platform read, so
    /// `--sources`, `--exclude`, `--platform`, `--static` and `--compiled` go).
    private func words(handingOffAs handOffPlan: String?) -> [String] {
        var words: [String] = []
        let reading = handOffPlan == nil
        if reading {
            for folder in sourceFolders { words += ["--sources", folder] }
            for pattern in exclude { words += ["--exclude", pattern] }
        }
        if let model = coreData.model { words += ["--model", model] }
        if let order = coreData.order { words += ["--order", order] }
        for folder in coreData.mappings { words += ["--mappings", folder] }
        if coreData.progressive { words.append("--progressive") }
        if let plan = handOffPlan ?? plan { words += ["--plan", plan] }
        if reading {
            if platform != SourceBuild.Platform.ios.rawValue { words += ["--platform", platform] }
            if staticLevel { words.append("--static") }
            if compiled { words.append("--compiled") }
        }
        if verbose { words.append("--verbose") }
        return words
    }

    /// The command line for the app's built `strata`: `commandLine` without this group's options (`--name value`,
    /// `--name=value` or a flag), then the options handed off, naming the plan by `plan`.
    func handOff(_ commandLine: [String], plan: String) -> [String] {
        var result: [String] = []
        var skipNext = false
        for argument in commandLine {
            if skipNext {
                skipNext = false
            } else if Self.valueNames.contains(argument) {
                skipNext = true
            } else if !Self.flagNames.contains(argument),
                !Self.valueNames.contains(where: { argument.hasPrefix($0 + "=") })
            {
                result.append(argument)
            }
        }
        return result + words(handingOffAs: plan)
    }
}

/// A plan chosen on the command line: its name there, what checking it built and found, and where it came from.
struct ResolvedPlan {
    /// Where a plan came from: one of the three plan options.
    enum Origin {
        /// `--plan NAME`: a plan this build knows.
        case named
        /// `--sources DIR`: the plan read from an app's sources, and those sources.
        case sources(SourcePlan, AppSources)
        /// `--model PATH`: a Core Data model's versions.
        case model(ModelBundlePlan)
    }

    /// The name reports use (`--plan`'s, or the type name read from the sources).
    let name: String
    /// The checked plan and its problems.
    let checked: (ValidatedPlan, problems: [String])
    /// The plan a dry run may run despite its problems: they are all stages SwiftData would start and fail.
    let runnable: ValidatedPlan?
    /// Where it came from.
    let origin: Origin
    /// Why custom stages whose code was read from the sources are not run (the static level, or the failed build).
    let notRunReason: String

    /// A plan chosen on the command line; `notRunReason` is stated on each custom stage without code of both plans
    /// (`ValidatedPlan.lackingCode(because:)`), so every run and view of them says it alike.
    init(
        name: String, checked: (ValidatedPlan, problems: [String]), runnable: ValidatedPlan?, origin: Origin,
        notRunReason: String
    ) {
        self.name = name
        self.checked = (checked.0.lackingCode(because: notRunReason), checked.problems)
        self.runnable = runnable?.lackingCode(because: notRunReason)
        self.origin = origin
        self.notRunReason = notRunReason
    }

    /// The plan as read from an app's sources, when it was.
    var source: SourcePlan? { if case .sources(let plan, _) = origin { plan } else { nil } }
    /// The app's sources it was read from.
    var sources: AppSources? { if case .sources(_, let app) = origin { app } else { nil } }
    /// The Core Data model the plan was read from (`--model`).
    var model: ModelBundlePlan? { if case .model(let model) = origin { model } else { nil } }

    /// The plan, refusing one with problems (`MigrationError.invalidPlan`, exit 1).
    func validated() throws -> ValidatedPlan { try ValidatedPlan(checked: checked) }

    /// `store` imported privately at the version of `plan` it is at, when it is a SwiftData or Core Data store (any
    /// other as it is): by Core Data's own rule for a Core Data model's plan, by the equal model otherwise. Throws
    /// `MigrationError.unknownStoreVersion` when it is at none.
    func imported(_ store: OpenedStore, at plan: ValidatedPlan) throws -> OpenedStore {
        try model.map { try store.imported(at: $0) } ?? store.imported(at: plan)
    }

    /// Each version's own name by its number ("2.0.0": "Model 2"): a Core Data model's version names, or the
    /// `VersionedSchema` types of a plan read from sources; nil for a plan that names none (`--plan`).
    var versionNames: [String: String]? {
        if let model {
            return Dictionary(
                zip(model.schemas, model.versionNames).compactMap { schema, name in
                    schema.version.map { ($0.description, name) }
                }, uniquingKeysWith: { first, _ in first })
        }
        guard let source else { return nil }
        return Dictionary(
            source.versions.map { ($0.schema.version.label, $0.name) },
            uniquingKeysWith: { first, _ in first })
    }
}
