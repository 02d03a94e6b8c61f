import Strata
import StrataText

/// `y`: what is under the cursor, as text, onto the terminal's clipboard (OSC 52), and a message saying what it was.
extension KeyReducer {
    /// Copies the focused pane's selection: a version, a stage with its changes and SQL, an entity, the diff, a row
    /// (in the changes view its values before and after), or the log.
    static func copy(_ state: inout AppState) -> [Effect] {
        guard let (what, text) = copied(state), !text.isEmpty else {
            state.say("Nothing to copy here: y copies what the cursor is on.", .warning)
            return []
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        state.say("Copied \(what) to the clipboard (\(lines) line\(lines == 1 ? "" : "s")).")
        return [.copy(text)]
    }

    /// What `y` copies in the current state, named for the message, and the text (control characters made visible).
    static func copied(_ state: AppState) -> (what: String, text: String)? {
        let glyphs = state.options.glyphs
        func plain(_ lines: [Line]) -> String {
            lines.map { TerminalText.sanitize($0.text) }.joined(separator: "\n")
        }
        func stage(_ index: Int) -> (String, String) {
            let label = state.stages[index].id.label(glyphs)
            let title = "Stage \(label) (\(state.stages[index].kindLabel))"
            return (
                "stage \(label) with its SQL",
                title + "\n" + plain(StageDetailView.lines(state, index: index, width: 10_000))
            )
        }
        switch (state.focus, state.main) {
        case (.versions, _):
            guard let index = selectedIndex(state, .versions) else { return nil }
            let line = VersionsView.lines(state, fingerprints: true)[state.cursor(.versions).selected]
            return ("version \(state.versions[index].label)", plain([line]).trimmingCharacters(in: .whitespaces))
        case (.stages, _):
            return selectedIndex(state, .stages).map(stage)
        case (.diff, .stage(let index)):
            return state.stages.indices.contains(index) ? stage(index) : nil
        case (.diff, .diff):
            let from = state.versions[state.diffFrom].label
            let to = state.versions[state.diffTo].label
            return ("the diff \(from) \(glyphs.arrow) \(to)", plain(DiffView.lines(state, width: 10_000)))
        case (.diff, .rows):
            guard let page = state.browser.page, page.rows.indices.contains(page.selected) else { return nil }
            if let changes = page.changes, changes.rows.indices.contains(page.selected) {
                let row = changes.rows[page.selected]
                let overlay = changeOverlay(page, row, glyphs: glyphs)
                return (
                    "\(page.entity) \(row.key) before and after",
                    ([overlay.title] + overlay.paragraphs).map(TerminalText.sanitize).joined(separator: "\n")
                )
            }
            let values = page.rows[page.selected]
            let text = zip(page.columns, values).map { TerminalText.sanitize("\($0): \($1)") }
            return ("\(page.entity) row \(values.first ?? "")", "\(page.entity)\n" + text.joined(separator: "\n"))
        case (.browser, _):
            guard let index = selectedIndex(state, .browser) else { return nil }
            let entity = state.browser.entities[index]
            return ("entity \(entity.name)", "\(entity.name): \(CountText.rows(entity.rows))")
        case (.progress, _):
            return ("the log", state.log.flatMap(TerminalText.lines).joined(separator: "\n"))
        }
    }
}

/// `e`: the current view as Markdown into a new file in the current folder, named by what it holds.
extension KeyReducer {
    /// Exports the large pane's view: the diff, a stage with its SQL, or the page of rows (of changes) as a table;
    /// with a list pane focused, what `y` copies there.
    static func export(_ state: inout AppState) -> [Effect] {
        guard let (name, markdown) = exported(state) else {
            state.say("Nothing to export here: e writes the diff, a stage or the rows shown.", .warning)
            return []
        }
        return [.export(name: name, markdown: markdown)]
    }

    /// The file name (without `.md`) and the Markdown of the current view.
    static func exported(_ state: AppState) -> (name: String, markdown: String)? {
        func slug(_ text: String) -> String {
            String(text.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" })
        }
        switch state.main {
        case .rows:
            guard let page = state.browser.page, !page.columns.isEmpty else { return nil }
            func cell(_ text: String) -> String {
                TerminalText.sanitize(text).replacingOccurrences(of: "|", with: "\\|")
            }
            let heading =
                page.changes.map { "# \(page.entity): changes since \($0.since) (\($0.kindLabel))" }
                ?? "# \(page.entity)"
            let table =
                [
                    "| " + page.columns.map(cell).joined(separator: " | ") + " |",
                    "|" + String(repeating: " --- |", count: page.columns.count),
                ]
                + page.rows.map { "| " + $0.map(cell).joined(separator: " | ") + " |" }
            let position = "Rows \(page.offset + 1)–\(page.offset + page.rows.count) of \(page.total)."
            let name = "strata-\(slug(page.entity))\(page.changes == nil ? "" : "-changes")"
            return (name, ([heading, "", position, ""] + table).joined(separator: "\n") + "\n")
        case .stage(let index) where state.stages.indices.contains(index):
            guard let (_, text) = copied(state) else { return nil }
            let stage = state.stages[index].id
            return (
                "strata-stage-\(slug(stage.from.label))-\(slug(stage.to.label))",
                "```\n\(text)\n```\n"
            )
        default:
            guard state.schemas.indices.contains(state.diffFrom), state.schemas.indices.contains(state.diffTo) else {
                return nil
            }
            let from = state.versions[state.diffFrom].label
            let to = state.versions[state.diffTo].label
            var diffState = state
            diffState.main = .diff
            diffState.focus = .diff
            guard let (_, text) = copied(diffState) else { return nil }
            return ("strata-diff-\(slug(from))-\(slug(to))", "# Diff \(from) → \(to)\n\n```\n\(text)\n```\n")
        }
    }
}
