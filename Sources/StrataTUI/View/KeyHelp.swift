/// The keys of each pane (for the status bar) and every key (for the help overlay).
public enum KeyHelp {
    /// The short key list of the focused pane, for the status bar.
    public static func hints(for state: AppState) -> String {
        switch (state.focus, state.main) {
        case (.versions, _): "j/k move  Enter diff next  f/t from/to  / filter"
        case (.diff, .rows): "j/k row  PgUp/PgDn page  h/l columns  / col=value  Esc back"
        case (.diff, .stage): "j/k scroll  g/G top/end  Esc back"
        case (.diff, .diff): "j/k scroll  g/G top/end  / filter"
        case (.stages, _): "j/k move  Enter changes+SQL  n next  r rest"
        case (.progress, _): state.running ? "Ctrl-C cancel  j/k log" : "n next stage  r the rest  j/k log"
        case (.browser, _): "j/k move  Enter rows  / filter"
        }
    }

    /// Every key, grouped, for the `?` overlay (two columns of groups).
    public static let all: [[(group: String, keys: [(String, String)])]] = [
        [
            ("Move", [
                ("Tab S-Tab", "next / previous pane"), ("1..5", "pane by number"), ("j k ↓ ↑", "move, scroll"),
                ("g G", "first / last"), ("PgUp PgDn", "page up / down"), ("Enter", "drill in"), ("Esc", "back, close"),
                ("/", "filter (rows: col=val)"),
            ]),
            ("Versions", [("Enter", "diff with next version"), ("f t", "diff from / to here")]),
        ],
        [
            ("Rows", [("h l ← →", "scroll columns"), ("PgUp/Dn g G", "pages")]),
            ("Migrate", [
                ("n", "run the next stage"), ("r", "run the rest"), ("Ctrl-C", "cancel stage, roll back"),
                ("m", "dry run / apply (asks)"),
            ]),
            ("General", [("?", "this help"), ("q", "quit")]),
        ],
    ]
}
