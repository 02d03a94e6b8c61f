/// The part of YAML that project specs are written in (XcodeGen's `project.yml`), read without a YAML library: block
/// maps and lists by indentation, `- key: value` items, flow lists (`[a, b]`), quoted and plain scalars, comments.
/// Anchors, multi-line scalars and nested flow collections are read as plain text.
indirect enum YAMLText: Equatable {
    /// A scalar, unquoted.
    case scalar(String)
    /// A list, in order.
    case list([YAMLText])
    /// A map, its keys in order.
    case map([(String, YAMLText)])

    /// The value of `key` in a map.
    subscript(key: String) -> YAMLText? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.0 == key }?.1
    }

    /// The scalar's text.
    var string: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    /// A list's items, a scalar as one item, nothing for a map.
    var items: [YAMLText] {
        switch self {
        case .list(let items): items
        case .scalar: [self]
        case .map: []
        }
    }

    /// A map's entries in order (empty for the others).
    var entries: [(String, YAMLText)] {
        if case .map(let entries) = self { return entries }
        return []
    }

    static func == (lhs: YAMLText, rhs: YAMLText) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let one), .scalar(let other)): one == other
        case (.list(let one), .list(let other)): one == other
        case (.map(let one), .map(let other)): one.map(\.0) == other.map(\.0) && one.map(\.1) == other.map(\.1)
        default: false
        }
    }

    /// The document `text` (an empty map when it holds nothing).
    static func parse(_ text: String) -> YAMLText {
        var reader = Reader(text)
        return reader.block(indent: 0) ?? .map([])
    }

    /// A line of content: its indentation and its text, comments removed.
    private struct Line {
        let indent: Int
        let text: String
    }

    private struct Reader {
        var lines: [Line]
        var index = 0

        init(_ text: String) {
            lines = text.split(whereSeparator: \.isNewline).compactMap { raw in
                let line = YAMLText.withoutComment(String(raw))
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, trimmed != "---", trimmed != "..." else { return nil }
                return Line(indent: line.prefix { $0 == " " }.count, text: trimmed)
            }
        }

        /// How many blocks deep are read: a spec nests six or seven; the lines of a block deeper than this are
        /// skipped, read as an empty scalar (reading them would recurse once a level, and a stranger's file can
        /// nest thousands).
        static let maximumDepth = 256

        /// The blocks open around the one being read.
        private var depth = 0

        /// The block starting at the current line if it is indented at least `indent`.
        mutating func block(indent: Int) -> YAMLText? {
            guard index < lines.count, lines[index].indent >= indent else { return nil }
            let level = lines[index].indent
            return lines[index].text.hasPrefix("- ") || lines[index].text == "-" ? list(level) : map(level)
        }

        /// True (and the block at `level` skipped) when `maximumDepth` blocks are open.
        private mutating func tooDeep(_ level: Int) -> Bool {
            guard depth >= Self.maximumDepth else { return false }
            while index < lines.count, lines[index].indent >= level { index += 1 }
            return true
        }

        private mutating func list(_ level: Int) -> YAMLText {
            if tooDeep(level) { return .scalar("") }
            depth += 1
            defer { depth -= 1 }
            var items: [YAMLText] = []
            while index < lines.count, lines[index].indent == level,
                lines[index].text.hasPrefix("- ") || lines[index].text == "-"
            {
                let rest = String(lines[index].text.dropFirst(1)).trimmingCharacters(in: .whitespaces)
                if rest.isEmpty {
                    index += 1
                    items.append(block(indent: level + 1) ?? .scalar(""))
                } else if YAMLText.keyValue(rest) != nil {
                    // `- path: Sources` starts a map whose other keys are indented under the text after `- `.
                    let inner = level + 1 + lines[index].text.dropFirst(1).prefix { $0 == " " }.count
                    lines[index] = Line(indent: inner, text: rest)
                    items.append(map(inner))
                } else {
                    index += 1
                    items.append(YAMLText.inline(rest))
                }
            }
            return .list(items)
        }

        private mutating func map(_ level: Int) -> YAMLText {
            if tooDeep(level) { return .scalar("") }
            depth += 1
            defer { depth -= 1 }
            var entries: [(String, YAMLText)] = []
            while index < lines.count, lines[index].indent == level,
                let (key, value) = YAMLText.keyValue(lines[index].text)
            {
                index += 1
                if value.isEmpty {
                    // The value is the block below: indented more, or a list at the same indentation.
                    if index < lines.count, lines[index].indent == level, lines[index].text.hasPrefix("- ") {
                        entries.append((key, list(level)))
                    } else {
                        entries.append((key, block(indent: level + 1) ?? .scalar("")))
                    }
                } else {
                    entries.append((key, YAMLText.inline(value)))
                }
            }
            return .map(entries)
        }
    }

    /// `key: value` split at the first `:` followed by a space or the end, outside quotes; nil when there is none.
    /// One pass over the line, whatever it holds (a line of a million `:` is read in linear time).
    static func keyValue(_ text: String) -> (String, String)? {
        var quote: Character?
        var previous: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                if previous == nil { quote = character }
            } else if character == ":", next == text.endIndex || text[next] == " " {
                let key = unquoted(String(text[..<index]).trimmingCharacters(in: .whitespaces))
                return (key, text[next...].trimmingCharacters(in: .whitespaces))
            }
            previous = character
            index = next
        }
        return nil
    }

    /// A value written on one line: a flow list, `{}`, or a scalar.
    static func inline(_ text: String) -> YAMLText {
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inside = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
            guard !inside.isEmpty else { return .list([]) }
            return .list(
                inside.split(separator: ",").map { .scalar(unquoted($0.trimmingCharacters(in: .whitespaces))) })
        }
        if text == "{}" { return .map([]) }
        return .scalar(unquoted(text))
    }

    /// `text` without the quotes around it.
    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }

    /// `line` without a comment (` #` outside quotes, or a line starting with `#`).
    static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return String(line[..<index])
            }
            previous = character
        }
        return line
    }
}
