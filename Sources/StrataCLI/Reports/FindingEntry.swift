import Strata
import StrataText

/// A data-dependent finding in reports: `{"kind", "entity", "property"?, "count", "samples": [String], "description"}`.
struct FindingEntry: Encodable {
    /// rowsDropped, valuesDropped, linksDropped, rowsLackingValue, duplicateGroups or failedConversions.
    let kind: String
    /// The entity.
    let entity: String
    /// The property, when the finding is about one.
    let property: String?
    /// How many rows, values, links or groups.
    let count: Int
    /// A few keys ("Book/12") or duplicated values ("978-0 x3") to look at.
    let samples: [String]
    /// One line, such as "Book.isbn: 3 groups of duplicate values (e.g. 978-0 x2)".
    let description: String

    /// The entry of a finding.
    init(_ finding: DataFinding) {
        kind = finding.kind.rawValue
        entity = finding.entity
        property = finding.property
        count = finding.count
        samples = finding.samples
        description = finding.description
    }

    /// True for values, rows or links a change drops.
    var isLoss: Bool {
        [DataFinding.Kind.rowsDropped, .valuesDropped, .linksDropped].map(\.rawValue).contains(kind)
    }

    /// "- Book.firstName: 300 rows without a value (e.g. Book/1)": a finding a custom stage's code dealt with.
    var handledLine: String { "- \(TerminalText.sanitize(description))" }

    /// "! Book.author: 12 non-nil values dropped (e.g. Book/1, Book/2)".
    func textLine(style: TextStyle) -> String {
        "\(style.yellow("!")) \(TerminalText.sanitize(description))"
    }
}
