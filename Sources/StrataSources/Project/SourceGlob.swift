/// A pattern of `--exclude GLOB`, matched against a file's path relative to the source folder: `*` is any run of
/// characters but `/`, `?` one such character, `**` any run including `/` (`**/` also none). A pattern matching a
/// folder matches every file under it; one without `/` matches a file or folder name at any depth.
struct SourceGlob: CustomStringConvertible {
    /// The pattern as written.
    let description: String
    private let pattern: Regex<AnyRegexOutput>

    /// The glob `text`; nil when the pattern cannot be made (it never should: every other character is literal).
    init?(_ text: String) {
        description = text
        var regex = ""
        var characters = Array(text.hasSuffix("/") ? String(text.dropLast()) : text)[...]
        if !text.contains("/") { regex = "(?:.*/)?" }
        while let character = characters.popFirst() {
            switch character {
            case "*" where characters.first == "*":
                characters.removeFirst()
                if characters.first == "/" {
                    characters.removeFirst()
                    regex += "(?:.*/)?"
                } else {
                    regex += ".*"
                }
            case "*": regex += "[^/]*"
            case "?": regex += "[^/]"
            default:
                regex += #".^$|()[]{}+\"#.contains(character) ? "\\" + String(character) : String(character)
            }
        }
        guard let pattern = try? Regex("^" + regex + "$") else { return nil }
        self.pattern = pattern
    }

    /// True when the glob matches `path` (relative to the source folder) or one of the folders it is in.
    func matches(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        return components.indices.contains { index in
            (try? pattern.wholeMatch(in: components[...index].joined(separator: "/"))) != nil
        }
    }
}
