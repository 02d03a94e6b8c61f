import Strata

/// `w` on the Diff pane: the stage `strata next-version` would write for the diff shown, read-only in a scrollable
/// text (`y` copies it), with the command line that writes it.
extension KeyReducer {
    /// Opens the stage for the diff's two versions, or says why there is none to show.
    static func showStagePreview(_ state: inout AppState) {
        guard state.versions.indices.contains(state.diffFrom), state.versions.indices.contains(state.diffTo) else {
            return
        }
        // A store's own schema (version 0 before the plan's) is not a version next-version writes a stage from.
        guard !state.storeModelFirst || (state.diffFrom != 0 && state.diffTo != 0) else {
            state.say(
                "w shows the stage between two of the plan's versions; \(state.versions[0].label) is the store's own.",
                .warning)
            return
        }
        let from = state.versions[state.diffFrom]
        let to = state.versions[state.diffTo]
        guard let lines = state.options.stagePreviews[StageID(from: from.version, to: to.version)] else {
            state.say("w shows the stage Strata would write for a plan read with --sources.", .warning)
            return
        }
        let arrow = state.options.glyphs.arrow
        state.overlay = .text(
            TextOverlay(
                title: "The stage Strata would write, \(from.label) \(arrow) \(to.label) (read-only; y copies)",
                paragraphs: lines))
    }
}
