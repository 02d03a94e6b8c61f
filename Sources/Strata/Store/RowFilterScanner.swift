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
    mutating func condition(untilNextCondition: Bool) throws -> RowFilter? {
        while position < characters.count, characters[position] == " " { position += 1 }
        guard position < characters.count else { return nil }
        let start = position
        guard let (name, comparison, valueStart) = conditionStart(at: position) else {
            throw RowFilterError.malformed(String(characters[start...]))
        }
        position = valueStart
        if position < characters.count, characters[position] == "\"" || characters[position] == "'" {
            let quote = characters[position]
            var value = "", index = position + 1
            while index < characters.count, characters[index] != quote {
                if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                value.append(characters[index])
                index += 1
            }
            guard index < characters.count else { throw RowFilterError.malformed(String(characters[start...])) }
            position = index + 1
            guard position == characters.count || characters[position] == " " else {
                throw RowFilterError.malformed(String(characters[start...]))
            }
            return RowFilter(column: name, comparison, value: value)
        }
        var end = characters.count
        if untilNextCondition {
            var index = position
            while index < characters.count {
                if characters[index] == " ", index + 1 < characters.count, characters[index + 1] != " ", conditionStart(at: index + 1) != nil {
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

    /// A name (letters, digits, `_`, not starting with a digit) followed by an operator at `index`: the name, the
    /// operator and where the value starts.
    private func conditionStart(at index: Int) -> (String, RowFilter.Operator, Int)? {
        var end = index
        while end < characters.count, characters[end].isLetter || characters[end] == "_" || (end > index && characters[end].isNumber) {
            end += 1
        }
        guard end > index else { return nil }
        let rest = String(characters[end..<min(characters.count, end + 2)])
        guard let comparison = RowFilter.Operator.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else { return nil }
        return (String(characters[index..<end]), comparison, end + comparison.rawValue.count)
    }
}
