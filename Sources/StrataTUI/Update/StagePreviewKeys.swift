/// `w` on the Diff pane: the stage `strata next-version` would write for the diff shown, read-only in a scrollable
/// text (`y` copies it), with the command line that writes it.
extension KeyReducer {
    /// Opens the stage for the diff's two versions, or says why there is none to show.
    static func showStagePreview(_ state: inout AppState) {
        guard state.versions.indices.contains(state.diffFrom), state.versions.indices.contains(state.diffTo) else {
            return
        }
        let from = state.versions[state.diffFrom].version
        let to = state.versions[state.diffTo].version
        guard let lines = state.options.stagePreviews["\(from)->\(to)"] else {
            state.say("w shows the stage Strata would write for a plan read with --sources.", .warning)
            return
        }
        let arrow = state.options.glyphs.arrow
        state.overlay = .text(
            TextOverlay(
                title: "The stage Strata would write, \(from) \(arrow) \(to) (read-only; y copies)", paragraphs: lines))
    }
}
