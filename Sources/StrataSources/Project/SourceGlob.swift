/// A pattern of `--exclude GLOB`, matched against a file's path relative to the source folder: `*` is any run of
/// characters but `/`, `?` one such character, `**` any run including `/` (`**/` also none). A pattern matching a
/// folder matches every file under it; one without `/` matches a file or folder name at any depth. Project files'
/// globs (Tuist's `sources:`, XcodeGen's `excludes:`) are strangers' text: a match takes time proportional to the
/// pattern's length times the path's, whatever wildcards the pattern repeats (a backtracking regular expression took
/// time exponential in them).
struct SourceGlob: CustomStringConvertible {
    /// The pattern as written.
    let description: String
    private let tokens: [Token]

    /// One element of a pattern.
    private enum Token: Equatable {
        /// This character.
        case literal(Character)
        /// One character but `/` (`?`).
        case one
        /// Any run of characters but `/` (`*`).
        case run
        /// Any run of characters (`**`).
        case anything
        /// Nothing, or any run ending in `/` (`**/`, and before a pattern without `/`).
        case folders
    }

    /// The longest pattern: no path is longer (Linux's `PATH_MAX`).
    static let maximumLength = 4_096

    /// The glob `text` (every character but the wildcards is literal); nil for the empty pattern or one longer than
    /// `maximumLength`.
    init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= Self.maximumLength else { return nil }
        description = text
        var tokens: [Token] = text.contains("/") ? [] : [.folders]
        var characters = Array(text.hasSuffix("/") ? String(text.dropLast()) : text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*" where characters.first == "*":
                characters.removeFirst()
                if characters.first == "/" {
                    characters.removeFirst()
                    if tokens.last != .folders { tokens.append(.folders) }
                } else if tokens.last != .anything {
                    tokens.append(.anything)
                }
            case "*": if tokens.last != .run { tokens.append(.run) }
            case "?": tokens.append(.one)
            default: tokens.append(.literal(character))
            }
        }
        self.tokens = tokens
    }

    /// True when the glob matches `path` (relative to the source folder) or one of the folders it is in.
    func matches(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        return components.indices.contains { index in
            wholeMatch(Array(components[...index].joined(separator: "/")))
        }
    }

    /// True when the tokens match all of `text`: `matched[j]` says whether the tokens from the one being read on
    /// match `text[j...]`, computed from the last token back, one row per token.
    private func wholeMatch(_ text: [Character]) -> Bool {
        let count = text.count
        var next = [Bool](repeating: false, count: count + 1)
        next[count] = true
        for token in tokens.reversed() {
            var row = [Bool](repeating: false, count: count + 1)
            // For `.folders`: whether some `/` at or after j is followed by a match of the rest.
            var folderAhead = false
            for j in stride(from: count, through: 0, by: -1) {
                let character: Character? = j < count ? text[j] : nil
                switch token {
                case .literal(let literal): row[j] = character == literal && next[j + 1]
                case .one: row[j] = character != nil && character != "/" && next[j + 1]
                case .run: row[j] = next[j] || (character != nil && character != "/" && row[j + 1])
                case .anything: row[j] = next[j] || (character != nil && row[j + 1])
                case .folders:
                    if character == "/" && next[j + 1] { folderAhead = true }
                    row[j] = next[j] || folderAhead
                }
            }
            next = row
        }
        return next[0]
    }
}
