import Foundation
import Strata
import StrataSources
import StrataText

/// The compiled level of `--sources`: builds the files an app's plans need against this Strata in the cache (one
/// shared package, reused while the files are unchanged) and hands the same command to the built `strata`
/// (`CompiledHandOff`, which the command line's entry runs), so custom stages really run. When the build fails it
/// says which declarations stopped it and the command goes on at the static level, with custom stages marked "not run".
enum CompiledLevel {
    /// When a command moves to the compiled level.
    enum Use {
        /// Never (`new`, which only needs the schemas).
        case never
        /// With `--compiled` only (`check`, `diff`, `plan`, `import`: the static level gives the same answers).
        case whenAsked
        /// When the plan has custom stages (`migrate --dry-run`, `open`).
        case forCustomStages
        /// Always (`migrate` without `--dry-run`: a real run writes the store, so it runs compiled code only).
        case always
    }

    /// Why custom stages read from sources are not run when the static level was chosen.
    static let staticReason = PlannedStage.uncompiledReason

    /// True when `STRATA_STATIC` is set (to anything but "" or "0"): every `--sources` stays at the static level.
    static var staticByEnvironment: Bool {
        let value = ProcessInfo.processInfo.environment["STRATA_STATIC"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// True when `use` and the options call for the compiled level for `plan`: never implicitly on sources from
    /// another repository (`UntrustedSources`), only with `--compiled` there.
    static func wanted(_ use: Use, options: PlanOptions, plan: SourcePlan) -> Bool {
        implied(use, options: options, plan: plan) && (options.compiled || UntrustedSources.reason() == nil)
    }

    /// Why custom stages are not run when the compiled level would have been entered but the sources come from
    /// another repository; nil otherwise.
    static func withheld(_ use: Use, options: PlanOptions, plan: SourcePlan) -> String? {
        guard !options.compiled, implied(use, options: options, plan: plan), let reason = UntrustedSources.reason()
        else { return nil }
        return
            "the compiled level, which runs the app's code, is not entered on its own: \(reason); --compiled or STRATA_TRUST_SOURCES=1 enters it"
    }

    /// True when `use` and the options call for the compiled level, wherever the sources come from.
    private static func implied(_ use: Use, options: PlanOptions, plan: SourcePlan) -> Bool {
        guard !options.staysStatic else { return false }
        switch use {
        case .never: return false
        case .whenAsked: return options.compiled
        case .forCustomStages: return options.compiled || plan.stages.contains { $0.kind == .custom }
        case .always: return true
        }
    }

    /// What came of moving to the compiled level.
    enum Outcome {
        /// Run the command in the app's built `strata` (the command's entry execs it).
        case handOff(CompiledHandOff)
        /// Stay at the static level: custom stages are not run, for this reason.
        case staticLevel(notRunReason: String)
    }

    /// Builds `app` with what it lacks from its helpers (or reuses its build) and says to run the command line
    /// `arguments` in it, its plan options handed off (`PlanOptions.handOff`); when it cannot be built, reports why on
    /// standard error and says why custom stages are not run. With `--verbose`, says first what was changed in the
    /// app's code to build it.
    static func handOff(app: AppSources, plan: SourcePlan, arguments commandLine: [String], options: PlanOptions)
        -> Outcome
    {
        let compiled = CompiledApp(
            sources: app,
            resolution: RemoteResolution.from(
                environment: ProcessInfo.processInfo.environment, untrusted: UntrustedSources.reason()
            ) { Console.error($0) })
        if options.verbose {
            let lines = compiled.adaptations.textLines
            Console.error(
                "strata: building \(app.folder.path) at the compiled level"
                    + (lines.isEmpty ? ", unchanged" : ", adapted for Linux:"))
            lines.forEach { Console.error("  " + TerminalText.sanitize($0)) }
        }
        switch build(compiled) {
        case .built(let binary):
            let name = zip(app.planNames, app.plans).first { $0.1.qualifiedName == plan.qualifiedName }?.0 ?? plan.name
            return .handOff(CompiledHandOff(binary: binary, arguments: options.handOff(commandLine, plan: name)))
        case .failed(let problems):
            Console.error(
                "strata: the app's code did not compile, so this runs at the static level and custom stages are not run. What stopped the build:"
            )
            problems.forEach { Console.error("  \(TerminalText.sanitize($0.description))") }
            let named = problems.prefix(3).map { "\($0.declaration ?? "file level") at \($0.location)" }
            return .staticLevel(
                notRunReason:
                    "its code did not compile (\(named.joined(separator: "; "))\(problems.count > 3 ? "; …" : ""))")
        case .unavailable(let reason):
            Console.error("strata: the compiled level is unavailable, so custom stages are not run: \(reason)")
            return .staticLevel(notRunReason: "the compiled level is unavailable (\(reason))")
        }
    }

    /// Builds `app` in the cache (or reuses its build), progress on standard error.
    static func build(_ app: CompiledApp) -> CompiledBuild.Outcome {
        CompiledBuild(package: CompiledPackage()) { Console.error($0) }.build(app, salt: salt)
    }

    /// Names this `strata`'s build (its version and executable's modification time), so a rebuilt Strata rebuilds
    /// the apps against it.
    private static var salt: String {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let modified =
            (try? FileManager.default.attributesOfItem(atPath: executable)[.modificationDate] as? Date)
            .map { "\($0.timeIntervalSince1970)" } ?? ""
        return "\(StrataVersion.current) \(executable) \(modified)"
    }
}
