import StrataText

/// A line of styled text: spans drawn one after another.
package struct Line: Sendable, Equatable {
    /// A run of text with one role and style.
    package struct Span: Sendable, Equatable {
        package var text: String
        package var role: Role
        package var style: Style
    }

    /// The spans, left to right.
    package var spans: [Span] = []

    /// An empty line.
    package init() {}

    /// The line's text without its styles.
    package var text: String { spans.map(\.text).joined() }

    /// A line of one span.
    package init(_ text: String, _ role: Role = .plain, _ style: Style = []) {
        spans = [Span(text: text, role: role, style: style)]
    }

    /// The line with a span appended.
    package func with(_ text: String, _ role: Role = .plain, _ style: Style = []) -> Line {
        var copy = self
        copy.spans.append(Span(text: text, role: role, style: style))
        return copy
    }

    /// Columns taken.
    package var width: Int { spans.reduce(0) { $0 + CharacterWidth.of($1.text) } }

    /// Draws the line at (x, y) within `limit` columns, cutting it with an ellipsis when too long.
    package func draw(in frame: inout Frame, x: Int, y: Int, limit: Int, ellipsis: String) {
        var column = x
        let end = x + limit
        let tooLong = width > limit
        let room = tooLong ? limit - CharacterWidth.of(ellipsis) : limit
        for span in spans {
            let left = x + room - column
            guard left > 0 else { break }
            column += frame.put(span.text, x: column, y: y, limit: left, role: span.role, style: span.style)
        }
        if tooLong, let last = spans.last {
            frame.put(ellipsis, x: column, y: y, limit: end - column, role: last.role, style: last.style)
        }
    }

    /// Splits text into lines of at most `width` columns at spaces and at its own line breaks (long words are cut).
    package static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        // A text of several lines (a failure listing its problems) wraps line by line, never showing `\n`.
        // Each line keeps its indent ("  - Ticket.number: …"), its continuations too.
        // Searched as bytes: Foundation's `contains` costs 14,000 instructions a call, and the log wraps every frame.
        if text.utf8.contains(UInt8(ascii: "\n")) {
            return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                let indent = String(line.prefix { $0 == " " }.prefix(max(0, width - 1)))
                return wrap(String(line.dropFirst(indent.count)), width: width - indent.count).map { indent + $0 }
            }
        }
        // Most lines fit: taken whole, as the word loop below would rebuild them (it drops leading spaces).
        if text.utf8.first != UInt8(ascii: " "), CharacterWidth.of(text) <= width { return [text] }
        var lines: [String] = []
        var current = ""
        // The line's columns are counted as words join it (a space and a word add their own), not measured again.
        var columns = 0
        // Split at space bytes: splitting a String by Character finds every cluster first, 30,000 instructions a line.
        let words = text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        for word in words.map({ String(decoding: $0, as: UTF8.self) }) {
            let wordColumns = CharacterWidth.of(word)
            let joined = current.isEmpty ? wordColumns : columns + 1 + wordColumns
            if joined <= width {
                current = current.isEmpty ? word : current + " " + word
                columns = joined
                continue
            }
            if !current.isEmpty { lines.append(current) }
            var rest = word
            while CharacterWidth.of(rest) > width {
                let head = CharacterWidth.truncate(rest, to: width, ellipsis: "")
                lines.append(head)
                rest = String(rest.dropFirst(head.count))
            }
            current = rest
            columns = CharacterWidth.of(rest)
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
