import Foundation
import StrataText

/// The Progress pane: the running stage and step, a bar of rows done, rate, elapsed time, estimate, and the
/// session's log (repeats collapsed, long lines wrapped, scrolled from its newest line).
enum ProgressView {
    /// The lines above the log at a width.
    static func header(_ state: AppState, width: Int) -> [Line] {
        let glyphs = state.options.glyphs
        var lines: [Line] = []
        if let progress = state.progress {
            let status = progress.outcome?.rawValue ?? (state.cancelling ? "cancelling" : "running")
            lines.append(
                Line("Stage \(progress.index)/\(progress.count) ", .plain, .bold)
                    .with(progress.stage.label(state.options.glyphs), .plain, .bold)
                    .with(
                        "  \(status)",
                        progress.outcome == nil ? .info : (progress.outcome == .done ? .lightweight : .error), .bold))
            lines.append(Line("step ", .dim).with(progress.step))
            lines.append(bar(progress, width: width, glyphs: glyphs))
            var facts = ["elapsed \(Formatting.duration(progress.elapsed(now: state.now)))"]
            if let rate = progress.rate(now: state.now) { facts.insert("\(Formatting.count(Int(rate))) rows/s", at: 0) }
            if let left = progress.remaining(now: state.now) { facts.append("about \(Formatting.duration(left)) left") }
            lines.append(Line(facts.joined(separator: " · "), .dim))
        } else if state.running {
            let next = state.stages.first { $0.isRunnable }
            lines.append(
                Line(
                    "Starting \(next.map { $0.id.label(state.options.glyphs) } ?? "the run")\(state.cancelling ? ": cancelling" : "")",
                    .plain, .bold))
            let waited = state.now - (state.runStartedAt ?? state.now)
            lines += Line.wrap(
                "opening the \(state.mode == .apply ? "store" : "copy") for writing (a store locked by another process is waited for up to 5 s) · \(Formatting.duration(waited))",
                width: width
            ).map { Line($0, .info) }
        } else if state.planName == nil, state.mode != .readOnly {
            lines.append(Line("Browsing: no plan given.", .plain, .bold))
            lines += Line.wrap("To diff versions and dry-run stages, open the store with --plan NAME.", width: width)
                .map { Line($0, .dim) }
        } else {
            let next = state.stages.first { $0.isRunnable }
            lines.append(
                Line(
                    next.map { "Next: \($0.id.label(state.options.glyphs)) (\($0.kindLabel))" } ?? "No stage to run.",
                    .plain,
                    .bold)
            )
            switch state.mode {
            case .dryRun where next != nil:
                lines += Line.wrap(
                    "n runs the next stage, r the rest, on a private copy: the store is never written.", width: width
                ).map { Line($0, .dim) }
            case .apply where next != nil:
                lines += Line.wrap("APPLY mode: n and r write the store after you confirm.", width: width).map {
                    Line($0, .warning)
                }
            case .readOnly: lines += Line.wrap(KeyReducer.readOnlyHint(state), width: width).map { Line($0, .dim) }
            default: lines += Line.wrap(state.stagesNote ?? "Nothing to run.", width: width).map { Line($0, .dim) }
            }
        }
        return lines
    }

    /// The log as lines: repeated entries collapsed ("… ×3"), each entry wrapped, continuations indented.
    static func logLines(_ state: AppState, width: Int) -> [Line] {
        var entries: [(text: String, count: Int)] = []
        for entry in state.log {
            if entries.last?.text == entry { entries[entries.count - 1].count += 1 } else { entries.append((entry, 1)) }
        }
        return entries.flatMap { entry -> [Line] in
            let text = entry.count > 1 ? "\(entry.text) ×\(entry.count)" : entry.text
            return Line.wrap(text, width: max(1, width - 2)).enumerated().map {
                Line(($0.offset == 0 ? "" : "  ") + $0.element, .dim)
            }
        }
    }

    /// Rows the log gets in the pane (after the header and the "log" heading).
    static func logRoom(_ state: AppState) -> Int {
        let inner = Layout(state).progress.inner
        return max(0, inner.height - header(state, width: inner.width - 1).count - 1)
    }

    /// Draws the pane's content into its box: the header, then the log's lines ending `scroll` lines before the
    /// newest, with the position in the bottom edge.
    static func draw(_ state: AppState, in frame: inout Frame, rect: Rect) {
        let inner = rect.inner
        let width = inner.width - 1
        let glyphs = state.options.glyphs
        let top = header(state, width: width)
        for (row, line) in top.prefix(inner.height).enumerated() {
            line.draw(in: &frame, x: inner.x + 1, y: inner.y + row, limit: width, ellipsis: glyphs.ellipsis)
        }
        let room = inner.height - top.count - 1
        let log = logLines(state, width: width)
        guard room > 0, !log.isEmpty else { return }
        Line("log", .dim, .underline).draw(
            in: &frame, x: inner.x + 1, y: inner.y + top.count, limit: width, ellipsis: glyphs.ellipsis)
        let scroll = min(state.cursor(.progress).scroll, max(0, log.count - room))
        let end = log.count - scroll
        let first = max(0, end - room)
        for (row, line) in log[first..<end].enumerated() {
            line.draw(
                in: &frame, x: inner.x + 1, y: inner.y + top.count + 1 + row, limit: width, ellipsis: glyphs.ellipsis)
        }
        if log.count > room {
            Renderer.drawPosition(
                first: first, shown: end - first, count: log.count, rect: rect, glyphs: glyphs, in: &frame)
        }
    }

    /// "[█████░░░░░]  52%  104,000 / 200,000 rows": the bar's width depends on the total only, so it stays put
    /// as the counts grow; a stage that did not commit never shows 100%. A stage that copies no rows one by one
    /// (an in-place change) shows the percentage alone, its row writes being in the Stages pane and the log.
    static func bar(_ progress: ProgressState, width: Int, glyphs: Glyphs) -> Line {
        var fraction =
            progress.totalRows > 0
            ? min(1, Double(progress.rowsDone) / Double(progress.totalRows)) : (progress.outcome == .done ? 1 : 0)
        if progress.outcome != .done { fraction = min(fraction, 0.99) }
        let total = Formatting.count(progress.totalRows)
        let done = Formatting.count(progress.rowsDone)
        let rows =
            progress.totalRows > 0
            ? "  \(String(repeating: " ", count: max(0, total.count - done.count)))\(done) / \(total) rows" : ""
        let counts =
            " \(String(repeating: " ", count: 3 - String(Int(fraction * 100)).count))\(Int(fraction * 100))%\(rows)"
        // Brackets, and a column to spare before the pane's border.
        let barWidth = max(10, min(40, width - CharacterWidth.of(counts) - 3))
        let filled = Int(Double(barWidth) * fraction)
        return Line("[", .dim)
            .with(String(repeating: glyphs.barFull, count: filled), .progress)
            .with(String(repeating: glyphs.barEmpty, count: barWidth - filled), .dim)
            .with("]", .dim).with(counts)
    }
}
