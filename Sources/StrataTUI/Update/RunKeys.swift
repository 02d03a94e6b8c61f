import Strata

/// Keys that run stages and change the mode: `n`, `r`, `m`, Ctrl-C; and what they say when nothing can run.
extension KeyReducer {
    /// Asks the running stage to stop (once): it rolls back at its next step, chunk, fetch or save.
    static func cancel(_ state: inout AppState) -> [Effect] {
        guard !state.cancelling else { return [] }
        state.cancelling = true
        state.say(
            state.quitWhenStopped
                ? "Cancelling the running stage, then quitting: it rolls back…"
                : "Cancelling the running stage: it rolls back…")
        return [.cancel]
    }

    /// `n` and `r`: in dry run they start at once on the copy; in apply mode they ask first.
    static func run(_ state: inout AppState, all: Bool) -> [Effect] {
        if state.mode == .readOnly {
            state.say(readOnlyHint(state), .warning)
            return []
        }
        if state.running {
            state.say("A stage is running; Ctrl-C cancels it.", .warning)
            return []
        }
        guard let next = state.stages.first(where: { $0.isRunnable }) else {
            state.say(nothingToRun(state), .warning)
            return []
        }
        guard state.mode == .apply else {
            return startRun(&state, all: all)
        }
        let last = state.stages.last(where: { $0.isRunnable }) ?? next
        let versions = StageID(from: next.id.from, to: (all ? last : next).id.to).label(state.options.glyphs)
        state.overlay = .confirm(
            Confirmation(
                subject: .apply(all: all),
                lines: [
                    "Migrate the store \(versions)\(all ? " (every remaining stage)" : ""):", state.storePath,
                    "Each stage is one transaction: a failure or Ctrl-C rolls it back.",
                ],
                word: "yes"))
        return []
    }

    /// Starts a run: the Progress pane says it is starting (opening the store may wait for its lock) until the
    /// first stage reports.
    static func startRun(_ state: inout AppState, all: Bool) -> [Effect] {
        state.running = true
        state.progress = nil
        state.runStartedAt = state.now
        return [.run(all: all)]
    }

    /// What to do instead of migrating a read-only (SwiftData or Core Data) store.
    static func readOnlyHint(_ state: AppState) -> String {
        let name = state.storePath.split(separator: "/").last.map(String.init) ?? state.storePath
        // Opened without a plan, the way on is a plan the store's model is a version of: a Core Data app's model
        // bundle first, as a Core Data store is most often met with one (issue 44, item 8).
        guard state.planName != nil else {
            return
                "READ ONLY: a SwiftData / Core Data store is never written. To dry-run its migration on its rows, open it with its app's versions: strata open \(StageDetailView.shellWord(name)) --model PATH (a Core Data model, .xcdatamodeld), --sources DIR (an app's source folder) or --plan NAME."
        }
        let plan = state.planName.map { " --plan \($0)" } ?? " --plan NAME"
        let version = state.matchIndex.flatMap { state.schemas[$0].version }.map { " --as \($0)" } ?? ""
        return
            "READ ONLY: a SwiftData / Core Data store is never written. To dry-run the plan on its rows: strata import \(name) copy.store\(plan)\(version), then strata open copy.store\(plan)."
    }

    /// Why nothing runs: no plan (and how to add one), or the Stages pane's note, or a dry run that ran every stage
    /// (and how to apply them), or the store at the target.
    static func nothingToRun(_ state: AppState) -> String {
        if state.planName == nil { return noPlanHint }
        if let note = state.stagesNote { return note }
        if state.mode == .dryRun, let path = pathToApply(state),
            state.stages.contains(where: { $0.status == .done })
        {
            return
                "The dry run is complete: the private copy is at \(path.last ?? "the target"), the store still at \(state.storeVersion). m switches to APPLY to run \(path.joined(separator: " \(state.options.glyphs.arrow) ")) on the store."
        }
        return "Nothing to run: at the target version."
    }

    /// The versions a switch to APPLY would take the store through ("1.0.0", "2.0.0", "3.0.0"): the stages planned
    /// from the store's own version, whatever the dry run did to its copy; nil when none are.
    static func pathToApply(_ state: AppState) -> [String]? {
        let planned = state.stages.filter { $0.status != .applied }
        guard let first = planned.first else { return nil }
        return [first.id.from.label] + planned.map { $0.id.to.label }
    }

    /// How to add a plan to a store opened without one.
    static let noPlanHint =
        "No plan: this store is browsed only. Open it with --plan NAME to diff its versions and dry-run the plan's stages."

    /// `m`: to apply mode after a typed confirmation; back to dry run at once.
    static func switchMode(_ state: inout AppState) -> [Effect] {
        // A dry run that ran every stage on the copy left the store where it was: APPLY starts from the store's version.
        if state.planName == nil || state.mode == .dryRun && pathToApply(state) == nil {
            state.say(nothingToRun(state), .warning)
            return []
        }
        if state.mode == .readOnly {
            state.say(readOnlyHint(state), .warning)
            return []
        }
        if state.running {
            state.say("A stage is running; the mode can change once it ends.", .warning)
            return []
        }
        if state.neverApply {
            state.say(
                "Opened with --read-only: the store is never written, and n and r dry-run on a private copy. Open it without --read-only to apply the plan.",
                .warning)
            return []
        }
        if state.mode == .apply {
            state.mode = .dryRun
            state.say("DRY RUN mode: n and r work on a fresh private copy.")
            return [.switchMode(.dryRun)]
        }
        // A Core Data model's versions by their names, as the Stages pane shows them (issue 44, item 8).
        let path = (pathToApply(state) ?? []).joined(
            separator: " \(state.options.glyphs.arrow) ")
        state.overlay = .confirm(
            Confirmation(
                subject: .switchToApply,
                lines: [
                    "Switch to APPLY mode? n and r will then migrate the store itself:", state.storePath,
                    "from its own version \(state.storeVersion): \(path); each run asks again before it writes.",
                ],
                word: "apply"))
        return []
    }
}
