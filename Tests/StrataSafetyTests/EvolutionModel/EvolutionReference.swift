import Foundation

/// A value of the reference's rows.
enum Field: Hashable, CustomStringConvertible {
    case text(String)
    case int(Int)

    var description: String {
        switch self {
        case .text(let text): text.debugDescription
        case .int(let int): "\(int)"
        }
    }
}

/// The family's data as plain dictionaries (contacts by attribute name; `company` is the company's title), with
/// each schema change of a migration applied to them without Strata's code: renames move a value, removals drop
/// it, additions give nil or the default, custom stages compute their attribute from the values before the stage.
struct EvolutionReference: Equatable {
    var contacts: [[String: Field]]
    var companies: [String]
    /// Memo texts; nil once the entity is removed.
    var memos: [String]?

    /// Applies the stage from version index `from` to `to` (`custom`: with that stage's computed attribute).
    mutating func migrate(from: Int, to: Int, custom: Bool) {
        for level in (from + 1)...to { apply(level: level, custom: custom && level == to) }
    }

    /// The changes that lead to version index `level`.
    private mutating func apply(level: Int, custom: Bool) {
        contacts = contacts.map { old in
            var row = old
            if level == 1 {
                row["fullName"] = row.removeValue(forKey: "name")
                row["phone"] = nil
                row["nickname"] = custom ? old["phone"].map { .text("tel:\($0.text)") } : nil
                row["score"] = .int(7)
            } else {
                row["company"] = nil
                row["initials"] = custom ? row["fullName"]?.text.first.map { .text(String($0)) } : nil
            }
            return row
        }
        if level == 1 { memos = nil }
    }
}

extension Field {
    /// The text of a `.text` value ("" otherwise).
    var text: String {
        if case .text(let text) = self { return text }
        return ""
    }
}
