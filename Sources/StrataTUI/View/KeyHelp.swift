/// The keys of each pane (for the status bar) and every key (for the help overlay).
package enum KeyHelp {
    /// The focused pane's keys for the status bar, most useful first (the bar shows as many as fit): keys that
    /// need a plan only with one, running keys only where they can run, `w` only with stages to show.
    package static func hints(for state: AppState) -> [String] {
        let plan = state.planName != nil && state.mode != .readOnly && state.stages.contains { $0.isRunnable }
        let versions = state.versions.count > 1
        var hints: [String]
        switch (state.focus, state.main) {
        case (.versions, _):
            hints = versions ? ["Enter diff next", "f/t from/to", "j/k move", "/ filter"] : ["j/k move"]
        case (.diff, .rows) where state.browser.page?.changes != nil:
            hints = ["c rows", "h/l columns", "f filter", "Enter before/after", "Esc back", "PgUp/PgDn page"]
        case (.diff, .rows):
            hints = ["/ filter", "h/l columns", "Enter row", "Esc back", "j/k row", "PgUp/PgDn page"]
            if state.changesSince != nil { hints.insert("c changes", at: 0) }
        case (.diff, .stage): hints = ["Esc back", "j/k scroll", "g/G top/end"]
        case (.diff, .diff):
            // `w` has a stage to show only for a plan read from sources.
            hints =
                ["j/k scroll", "/ filter"] + (state.options.stagePreviews.isEmpty ? [] : ["w stage"]) + ["g/G top/end"]
        case (.stages, _): hints = ["Enter changes+SQL", "j/k move", "/ filter"]
        case (.progress, _): hints = ["Enter log", "j/k scroll log"]
        case (.browser, _):
            hints = ["Enter rows", "j/k move", "/ filter"]
            if state.changesSince != nil { hints.insert("c changes", at: 1) }
        }
        if state.running { return ["Ctrl-C cancel"] + hints }
        if plan { hints.insert(contentsOf: ["n next", "r rest"], at: min(1, hints.count)) }
        return hints + (plan ? ["m mode"] : []) + ["Tab pane"]
    }

    /// Every key, grouped, for the `?` overlay (two columns of groups).
    package static let all: [[(group: String, keys: [(String, String)])]] = [
        [
            (
                "Move",
                [
                    ("Tab S-Tab", "next / previous pane"), ("1..5", "pane by number"),
                    ("click", "focus; wheel scrolls"), ("j k ↓ ↑", "move, scroll"),
                    ("g G", "first / last"), ("PgUp PgDn", "page up / down"), ("Enter", "drill in, read all"),
                    ("Esc", "back, close"),
                    ("/", "filter; Ctrl-U clears"),
                ]
            ),
            ("Versions", [("Enter", "diff with next version"), ("f t", "diff from / to here")]),
        ],
        [
            (
                "Rows",
                [
                    ("h l ← →", "scroll columns"), ("PgUp PgDn", "pages"), ("g G", "first / last page"),
                    ("Enter", "the row in full"),
                    ("/a=Ann", "filter = != ~ < <= > >="),
                    ("c", "changes since store"), ("f", "filter the changes"),
                ]
            ),
            (
                "Migrate",
                [
                    ("n", "run the next stage"), ("r", "run the rest"), ("Ctrl-C", "cancel stage, roll back"),
                    ("m", "dry run / apply (asks)"),
                ]
            ),
            (
                "General",
                [("y e", "copy / export the view"), ("? q", "help / quit (asks)")]
            ),
        ],
    ]
}
