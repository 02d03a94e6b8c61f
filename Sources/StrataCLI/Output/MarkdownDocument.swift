import Foundation
import StrataText

/// A Markdown document for a pull-request comment: the verdict line, then sections of lines, kept under GitHub's
/// comment limit (65,536 characters) by cutting the longest lists, each cut saying how many items it left out.
struct MarkdownDocument {
    /// One section: lines before its items, the items (table rows, list entries), lines after.
    struct Section {
        var head: [String]
        var items: [String] = []
        var tail: [String] = []
        /// What an item is, for the line that counts those cut ("diagnostics", "rows").
        var itemName = "items"
    }

    /// GitHub's limit on a comment's body.
    static let commentLimit = 65_536

    let verdict: ReportVerdict
    let sections: [Section]

    /// The document, at most `limit` bytes (a byte count bounds GitHub's character count): while it is longer, the
    /// section with the most items loses half of them, replaced by a line counting them.
    func text(limit: Int = commentLimit) -> String {
        var kept = sections.map(\.items.count)
        var document = render(keeping: kept)
        while document.utf8.count > limit, let largest = kept.indices.max(by: { kept[$0] < kept[$1] }),
            kept[largest] > 0
        {
            kept[largest] /= 2
            document = render(keeping: kept)
        }
        return document
    }

    /// The document with the first `kept[i]` items of section `i`.
    private func render(keeping kept: [Int]) -> String {
        var lines = ["**Verdict: \(verdict.kind.word).** \(Self.inline(verdict.reason))", ""]
        for (section, count) in zip(sections, kept) {
            lines += section.head + section.items.prefix(count)
            let left = section.items.count - count
            if left > 0 { lines += ["", "… \(left) more \(section.itemName) left out (the comment limit)", ""] }
            lines += section.tail + [""]
        }
        return lines.joined(separator: "\n")
    }

    /// Text for a table cell or a line: control characters made visible, `|` escaped, `<`, `>` and `&` as entities
    /// (text from a store or a source file is never read as HTML), line breaks as spaces.
    static func inline(_ text: String) -> String {
        TerminalText.sanitize(text.replacingOccurrences(of: "\n", with: " "))
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text as inline code (where GitHub reads no HTML and no entity): control characters made visible, line breaks as
    /// spaces, `|` escaped for tables, backticks as quotes.
    static func code(_ text: String) -> String {
        let plain = TerminalText.sanitize(text.replacingOccurrences(of: "\n", with: " "))
        return "`" + plain.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|") + "`"
    }

    /// A table's header lines.
    static func tableHead(_ columns: [String]) -> [String] {
        ["| " + columns.joined(separator: " | ") + " |", "|" + columns.map { _ in " --- |" }.joined()]
    }

    /// A table row of cells already escaped.
    static func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }

    /// A collapsible section: `<details>` whose summary is `summary`.
    static func details(_ summary: String) -> [String] {
        ["<details><summary>\(inline(summary))</summary>", ""]
    }

    /// The section that ends a report: the command that reproduces it locally.
    static func reproduce(_ command: String) -> Section {
        Section(head: ["Reproduce it locally:", "", "```sh", command, "```"])
    }
}
