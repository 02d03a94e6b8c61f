/// What a cell means, for colour: the terminal layer maps each role to a colour pair (or, in monochrome, to
/// attributes through `Role.monochromeStyle`).
package enum Role: Character, CaseIterable, Sendable {
    case plain = "."
    case border = "b"
    case focusedBorder = "B"
    case title = "t"
    case heading = "h"
    case selection = "s"
    case dim = "d"
    case added = "+"
    case removed = "-"
    case changed = "~"
    case lightweight = "L"
    case custom = "C"
    case destructive = "D"
    case statusBar = "S"
    case dryRun = "y"
    case apply = "A"
    case key = "k"
    case info = "i"
    case warning = "w"
    case error = "e"
    case progress = "p"

    /// The attributes standing for this role when there is no colour.
    package var monochromeStyle: Style {
        switch self {
        case .plain, .border, .added, .removed, .changed, .lightweight, .dim, .info: []
        case .focusedBorder, .title, .destructive, .warning, .key, .progress: .bold
        case .heading: [.bold, .underline]
        case .custom: .underline
        case .selection, .statusBar, .dryRun: .reverse
        case .apply, .error: [.bold, .reverse]
        }
    }
}

/// Text attributes of a cell.
package struct Style: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    /// Creates a style from its bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let bold = Style(rawValue: 1)
    package static let reverse = Style(rawValue: 2)
    package static let underline = Style(rawValue: 4)

    /// One character per style for golden files: space, b, r, u, or a digit for combinations.
    package var code: Character {
        switch self {
        case []: " "
        case .bold: "b"
        case .reverse: "r"
        case .underline: "u"
        default: Character(String(rawValue))
        }
    }
}

/// One column of a frame: the grapheme drawn there ("" for the second column of a wide character), its role
/// and its attributes.
package struct Cell: Hashable, Sendable {
    /// The grapheme, a single space for blank, "" when a wide character to the left covers this column.
    package var text: String
    /// What the cell means, for colour.
    package var role: Role
    /// Bold, reverse, underline.
    package var style: Style

    /// A blank cell.
    package static let blank = Cell(text: " ", role: .plain, style: [])

    /// True for the second column of a wide character.
    package var isContinuation: Bool { text.isEmpty }
}
