import StrataText

/// The Browser pane (entities with row counts) and the rows view of the large pane.
enum BrowserView {
    /// The Browser pane's title: which file it shows.
    static func title(_ state: AppState) -> String {
        "Browser · \(state.browser.source)\(state.browser.version.isEmpty ? "" : " @ \(state.browser.version)")"
    }

    /// One line per visible entity.
    static func lines(_ state: AppState, width: Int) -> [Line] {
        state.visibleEntities.map { index in
            let entity = state.browser.entities[index]
            let count = Formatting.count(entity.rows)
            // A store's own model: "TextMessage : Message", "Message (abstract)" (counts hold subentities' rows).
            let lineage = state.storeModelFirst ? state.modelLineage[entity.name] : nil
            let room = max(1, width - CharacterWidth.of(count) - 1)
            let ellipsis = state.options.glyphs.ellipsis
            guard let lineage else {
                return Line(CharacterWidth.pad(entity.name, to: room, ellipsis: ellipsis), .plain, .bold).with(
                    " " + count, .dim)
            }
            let name = CharacterWidth.truncate(entity.name, to: room, ellipsis: ellipsis)
            return Line(name, .plain, .bold).with(
                CharacterWidth.pad(lineage.suffix, to: room - CharacterWidth.of(name), ellipsis: ellipsis), .dim
            ).with(" " + count, .dim)
        }
    }

    /// The large pane's title on rows.
    static func rowsTitle(_ page: RowsPage) -> String {
        if let changes = page.changes {
            return "Changes: \(page.entity) since \(changes.since) · \(changes.kindLabel)"
        }
        let filter = page.filter.map(\.description).joined(separator: " ")
        return "Rows: \(page.entity)\(filter.isEmpty ? "" : " where \(filter)")"
    }

    /// Column widths of a page: the widest of header and values, at most 28.
    static func columnWidths(_ page: RowsPage) -> [Int] {
        page.columns.indices.map { column in
            min(
                28,
                max(CharacterWidth.of(page.columns[column]), page.rows.map { CharacterWidth.of($0[column]) }.max() ?? 0)
            )
        }
    }

    /// Draws the rows view into a rectangle: a position line, the header, then one row per line.
    static func draw(_ state: AppState, in frame: inout Frame, rect: Rect, focused: Bool) {
        guard let page = state.browser.page else { return }
        let ellipsis = state.options.glyphs.ellipsis
        let first = page.rows.isEmpty ? 0 : page.offset + 1
        let position =
            page.loading
            ? "reading…"
            : "rows \(Formatting.count(first))–\(Formatting.count(page.offset + page.rows.count)) of \(Formatting.count(page.total))"
        var line = Line()
        if let changes = page.changes, !page.loading {
            // Compact, so that it fits at 80x24: ~changed +inserted -deleted =unchanged, then the position.
            let counts = changes.counts
            line = Line("~\(Formatting.count(counts.changed))", .changed).with(
                " +\(Formatting.count(counts.inserted))", .added
            ).with(" -\(Formatting.count(counts.deleted))", .removed).with(
                " =\(Formatting.count(counts.unchanged)) · ", .dim)
        }
        line.with(position, .dim).with(
            page.columnOffset > 0 ? "  (key, then columns from \(page.columnOffset + 2))" : "", .dim
        ).with(page.notes.isEmpty ? "" : "  Note: \(page.notes.joined(separator: "; "))", .warning)
            .draw(in: &frame, x: rect.x, y: rect.y, limit: rect.width, ellipsis: ellipsis)
        let widths = columnWidths(page)
        // The key column stays put; h/l scroll the others.
        let shown =
            Array(page.columns.indices.prefix(1))
            + Array(page.columns.indices.dropFirst(1 + min(page.columnOffset, max(0, page.columns.count - 2))))
        func cells(_ texts: [String]) -> String {
            shown.map { CharacterWidth.pad(texts[$0], to: widths[$0], ellipsis: ellipsis) }.joined(separator: "  ")
        }
        Line(cells(page.columns), .heading, [.bold, .underline]).draw(
            in: &frame, x: rect.x, y: rect.y + 1, limit: rect.width, ellipsis: ellipsis)
        for (number, row) in page.rows.prefix(max(0, rect.height - 2)).enumerated() {
            let y = rect.y + 2 + number
            Line(cells(row)).draw(in: &frame, x: rect.x, y: y, limit: rect.width, ellipsis: ellipsis)
            if let changes = page.changes, changes.rows.indices.contains(number) {
                markChanges(changes.rows[number], shown: shown, widths: widths, in: &frame, x: rect.x, y: y, rect: rect)
            }
            if number == page.selected && focused {
                frame.highlight(x: rect.x, y: y, width: rect.width, role: .selection, style: .reverse)
            }
        }
    }

    /// Colours a row of the changes view: its key by kind (inserted, deleted), each changed cell highlighted.
    private static func markChanges(
        _ row: ChangedRow, shown: [Int], widths: [Int], in frame: inout Frame, x: Int, y: Int, rect: Rect
    ) {
        var left = x
        for column in shown {
            let width = min(widths[column], max(0, rect.x + rect.width - left))
            let role: Role? =
                column == 0
                ? (row.kind == .inserted
                    ? .added : row.kind == .deleted ? .removed : row.kind == .changed ? .changed : nil)
                : (row.cells.indices.contains(column - 1) && row.cells[column - 1].changed ? .changed : nil)
            if let role { frame.highlight(x: left, y: y, width: width, role: role, style: column == 0 ? [] : .bold) }
            left += widths[column] + 2
            if left >= rect.x + rect.width { break }
        }
    }
}
