/// A value of an old-style (OpenStep) text property list, the format of an Xcode `project.pbxproj`:
/// `{ key = value; }`, `( a, b, )`, quoted or bare strings, with `/* … */` and `// …` comments.
indirect enum PropertyListText: Equatable {
    case string(String)
    case array([PropertyListText])
    case dictionary([String: PropertyListText])

    /// The text as a string, or nil for an array or dictionary.
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The strings of an array (other elements left out); empty for anything else.
    var strings: [String] {
        if case .array(let values) = self { return values.compactMap(\.string) }
        return []
    }

    /// The value under `key` of a dictionary.
    subscript(key: String) -> PropertyListText? {
        if case .dictionary(let values) = self { return values[key] }
        return nil
    }

    /// The deepest nesting of dictionaries and arrays read: an Xcode project nests five or six; 100,000 nested `(`
    /// would overflow the stack of this recursive parser.
    static let maximumDepth = 256

    /// Parses `text`; throws `PropertyListText.Malformed` naming the offset where it stops making sense, or where
    /// it nests deeper than `maximumDepth`.
    static func parse(_ text: String) throws -> PropertyListText {
        var parser = Parser(bytes: Array(text.utf8))
        let value = try parser.value(depth: 1)
        parser.skipBlanks()
        guard parser.offset == parser.bytes.count else { throw parser.malformed("text after the end") }
        return value
    }

    /// Where a dictionary entry is written: the UTF-8 offsets of the whole entry (`key = value;`) and of its value.
    struct Span: Equatable {
        /// From the key to the `;` after the value, inclusive.
        let entry: Range<Int>
        /// The value (`{ … }`, `( … )` or the string).
        let value: Range<Int>
    }

    /// Parses `text` as ``parse(_:)`` does, with where each dictionary entry is written, by its key path
    /// (`["objects", "7B01…", "children"]`): what an edit needs to touch one value and nothing else.
    static func parseWithSpans(_ text: String) throws -> (PropertyListText, [[String]: Span]) {
        var parser = Parser(bytes: Array(text.utf8))
        parser.spans = [:]
        let value = try parser.value(depth: 1)
        parser.skipBlanks()
        guard parser.offset == parser.bytes.count else { throw parser.malformed("text after the end") }
        return (value, parser.spans ?? [:])
    }

    /// Why a text is not a property list, and the byte offset where that shows.
    struct Malformed: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "\(reason) at byte \(offset)" }
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0
        /// Where each dictionary entry is written, when asked for.
        var spans: [[String]: Span]?
        /// The keys leading to the value being parsed.
        var path: [String] = []

        func malformed(_ reason: String) -> Malformed { Malformed(offset: offset, reason: reason) }

        /// Skips spaces, line breaks and both kinds of comment.
        mutating func skipBlanks() {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    offset += 1
                } else if byte == 0x2F, offset + 1 < bytes.count, bytes[offset + 1] == 0x2A {
                    offset += 2
                    while offset + 1 < bytes.count, !(bytes[offset] == 0x2A && bytes[offset + 1] == 0x2F) {
                        offset += 1
                    }
                    offset = min(offset + 2, bytes.count)
                } else if byte == 0x2F, offset + 1 < bytes.count, bytes[offset + 1] == 0x2F {
                    while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
                } else {
                    return
                }
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws {
            skipBlanks()
            guard offset < bytes.count, bytes[offset] == byte else { throw malformed("expected \(what)") }
            offset += 1
        }

        /// True (and consumed) when the next byte is `byte`.
        mutating func take(_ byte: UInt8) -> Bool {
            skipBlanks()
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        /// The value at the offset, `depth` levels deep.
        mutating func value(depth: Int) throws -> PropertyListText {
            skipBlanks()
            guard offset < bytes.count else { throw malformed("unexpected end") }
            if bytes[offset] == UInt8(ascii: "{") || bytes[offset] == UInt8(ascii: "("), depth > maximumDepth {
                throw malformed("nesting deeper than \(maximumDepth) levels")
            }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                var values: [String: PropertyListText] = [:]
                while !take(UInt8(ascii: "}")) {
                    skipBlanks()
                    let keyStart = offset
                    let key = try string()
                    try expect(UInt8(ascii: "="), "=")
                    path.append(key)
                    skipBlanks()
                    let valueStart = offset
                    values[key] = try value(depth: depth + 1)
                    let valueEnd = offset
                    try expect(UInt8(ascii: ";"), ";")
                    if spans != nil {
                        spans?[path] = Span(entry: keyStart..<offset, value: valueStart..<valueEnd)
                    }
                    path.removeLast()
                }
                return .dictionary(values)
            case UInt8(ascii: "("):
                offset += 1
                var values: [PropertyListText] = []
                while !take(UInt8(ascii: ")")) {
                    values.append(try value(depth: depth + 1))
                    if !take(UInt8(ascii: ",")) {
                        try expect(UInt8(ascii: ")"), ", or )")
                        break
                    }
                }
                return .array(values)
            default:
                return .string(try string())
            }
        }

        mutating func string() throws -> String {
            skipBlanks()
            guard offset < bytes.count else { throw malformed("unexpected end") }
            if bytes[offset] == UInt8(ascii: "\"") {
                offset += 1
                var result: [UInt8] = []
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
                    if bytes[offset] == UInt8(ascii: "\\"), offset + 1 < bytes.count {
                        offset += 1
                        switch bytes[offset] {
                        case UInt8(ascii: "n"): result.append(0x0A)
                        case UInt8(ascii: "t"): result.append(0x09)
                        default: result.append(bytes[offset])
                        }
                    } else {
                        result.append(bytes[offset])
                    }
                    offset += 1
                }
                try expect(UInt8(ascii: "\""), "a closing quote")
                return String(decoding: result, as: UTF8.self)
            }
            let start = offset
            while offset < bytes.count, !Self.delimiters.contains(bytes[offset]) { offset += 1 }
            guard offset > start else { throw malformed("expected a string") }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        /// Bytes that end a bare string.
        static let delimiters: Set<UInt8> = Set(" \t\r\n{}();=,\"".utf8)
    }
}
