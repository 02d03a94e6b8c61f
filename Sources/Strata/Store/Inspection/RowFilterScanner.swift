import Foundation

/// Reads row filter conditions from text, left to right: a name, an operator, then a value that is quoted, or
/// runs to the end (one condition) or to the next `name<operator>` after a space (a line of conditions).
struct RowFilterScanner {
    private let characters: [Character]
    private var position = 0

    /// A scanner at the start of `text`.
    init(_ text: String) { characters = Array(text) }

    /// True when only spaces are left.
    var atEnd: Bool { characters[position...].allSatisfy { $0 == " " } }

    /// The next condition, nil at the end; throws when the text there is not a condition.
    ///
    /// Alone (`untilNextCondition` false, as in one `--where`), the name is everything before the first operator,
    /// so any column name works, and a quoted value must end the text; in a line of conditions names are
    /// identifiers. A value that starts with a quote but is not one quoted value is read as it is
    /// (`'; DROP TABLE x` is a value, not a mistake).
    mutating func condition(untilNextCondition: Bool) throws -> RowFilter? {
        while position < characters.count, characters[position] == " " { position += 1 }
        guard position < characters.count else { return nil }
        let start = position
        let found = untilNextCondition ? conditionStart(at: position) : nameBeforeFirstOperator(at: position)
        guard let (name, comparison, valueStart) = found else {
            throw RowFilterError.malformed(String(characters[start...]))
        }
        position = valueStart
        if let (value, after) = quotedValue(at: position), untilNextCondition || after == characters.count {
            position = after
            return RowFilter(column: name, comparison, value: value)
        }
        var end = characters.count
        if untilNextCondition {
            var index = position
            while index < characters.count {
                if characters[index] == " ", index + 1 < characters.count, characters[index + 1] != " ",
                    conditionStart(at: index + 1) != nil
                {
                    end = index
                    break
                }
                index += 1
            }
        }
        var value = String(characters[position..<end])
        while value.last == " " { value.removeLast() }
        position = end
        return RowFilter(column: name, comparison, value: value)
    }

    /// The quoted value at `index` and where it ends, when a quote opens it and its closing quote ends the text or
    /// is followed by a space; `\` escapes the next character.
    private func quotedValue(at index: Int) -> (String, Int)? {
        guard index < characters.count, characters[index] == "\"" || characters[index] == "'" else { return nil }
        let quote = characters[index]
        var value = ""
        var cursor = index + 1
        while cursor < characters.count, characters[cursor] != quote {
            if characters[cursor] == "\\", cursor + 1 < characters.count { cursor += 1 }
            value.append(characters[cursor])
            cursor += 1
        }
        guard cursor < characters.count else { return nil }
        let after = cursor + 1
        guard after == characters.count || characters[after] == " " else { return nil }
        return (value, after)
    }

    /// Everything before the first operator from `index` (trimmed) as the name, the operator and where the value
    /// starts; nil when there is no operator or no name.
    private func nameBeforeFirstOperator(at index: Int) -> (String, RowFilter.Operator, Int)? {
        var cursor = index
        while cursor < characters.count {
            let rest = String(characters[cursor..<min(characters.count, cursor + 2)])
            if let comparison = RowFilter.Operator.allCases.first(where: { rest.hasPrefix($0.rawValue) }) {
                let name = String(characters[index..<cursor]).trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : (name, comparison, cursor + comparison.rawValue.count)
            }
            cursor += 1
        }
        return nil
    }

    /// A name (letters, digits, `_`, not starting with a digit) followed by an operator at `index`: the name, the
    /// operator and where the value starts.
    private func conditionStart(at index: Int) -> (String, RowFilter.Operator, Int)? {
        var end = index
        while end < characters.count,
            characters[end].isLetter || characters[end] == "_" || (end > index && characters[end].isNumber)
        {
            end += 1
        }
        guard end > index else { return nil }
        let rest = String(characters[end..<min(characters.count, end + 2)])
        guard let comparison = RowFilter.Operator.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else {
            return nil
        }
        return (String(characters[index..<end]), comparison, end + comparison.rawValue.count)
    }
}
