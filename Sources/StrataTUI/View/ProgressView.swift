import Foundation

/// The Progress pane: the running stage and step, a bar of rows done, rate, elapsed time, estimate, log tail.
enum ProgressView {
    /// The lines at a width and height.
    static func lines(_ state: AppState, width: Int, height: Int) -> [Line] {
        let glyphs = state.options.glyphs
        var lines: [Line] = []
        if let progress = state.progress {
            let status = progress.outcome?.rawValue ?? (state.cancelling ? "cancelling" : "running")
            lines.append(Line("Stage \(progress.index)/\(progress.count) ", .plain, .bold)
                .with(progress.title.replacingOccurrences(of: "->", with: glyphs.arrow), .plain, .bold)
                .with("  \(status)", progress.outcome == nil ? .info : (progress.outcome == .done ? .lightweight : .error), .bold))
            lines.append(Line("step ", .dim).with(progress.step))
            lines.append(bar(progress, width: width, glyphs: glyphs))
            var facts = ["elapsed \(Formatting.duration(progress.elapsed(now: state.now)))"]
            if let rate = progress.rate(now: state.now) { facts.insert("\(Formatting.count(Int(rate))) rows/s", at: 0) }
            if let left = progress.remaining(now: state.now) { facts.append("about \(Formatting.duration(left)) left") }
            lines.append(Line(facts.joined(separator: " · "), .dim))
        } else {
            let next = state.stages.first { $0.status == .pending }
            lines.append(Line(next.map { "Next: \($0.title.replacingOccurrences(of: "->", with: glyphs.arrow)) (\($0.kind))" } ?? "No stage to run.", .plain, .bold))
            switch state.mode {
            case .dryRun: lines.append(Line("n runs the next stage, r the rest, on a private copy: the store is never written.", .dim))
            case .apply: lines.append(Line("APPLY mode: n and r write the store after you confirm.", .warning))
            case .readOnly: lines += Line.wrap(KeyReducer.readOnlyHint(state), width: width).map { Line($0, .dim) }
            }
        }
        let room = max(0, height - lines.count - 1)
        guard room > 0, !state.log.isEmpty else { return lines }
        lines.append(Line("log", .dim, .underline))
        let scroll = state.cursor(.progress).scroll
        let end = max(0, state.log.count - scroll)
        for entry in state.log[max(0, end - room)..<end] { lines.append(Line(entry, .dim)) }
        return lines
    }

    /// "[█████░░░░░] 52%  104,000 / 200,000 rows".
    static func bar(_ progress: ProgressState, width: Int, glyphs: Glyphs) -> Line {
        let fraction = progress.totalRows > 0 ? min(1, Double(progress.rowsDone) / Double(progress.totalRows)) : (progress.outcome == .done ? 1 : 0)
        let counts = " \(Int(fraction * 100))%  \(Formatting.count(progress.rowsDone)) / \(Formatting.count(progress.totalRows)) rows"
        let barWidth = max(10, min(40, width - CharacterWidth.of(counts) - 2))
        let filled = Int(Double(barWidth) * fraction)
        return Line("[", .dim)
            .with(String(repeating: glyphs.barFull, count: filled), .progress)
            .with(String(repeating: glyphs.barEmpty, count: barWidth - filled), .dim)
            .with("]", .dim).with(counts)
    }
}
