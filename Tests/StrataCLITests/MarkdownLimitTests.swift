import Foundation
import Testing

@testable import StrataCLI

/// The Markdown report stays under GitHub's comment limit: the longest lists are cut, each saying what it left out.
@Suite struct MarkdownLimitTests {
    static func document(findings: Int, rows: Int) -> MarkdownDocument {
        MarkdownDocument(
            verdict: ReportVerdict(kind: .fails, reason: "plan Huge has \(findings) errors."),
            sections: [
                MarkdownDocument.Section(
                    head: MarkdownDocument.tableHead(["place", "message"]),
                    items: (1...findings).map {
                        MarkdownDocument.row([
                            "`Models/Item.swift:\($0):5`", "Item.field\($0) is required without a default",
                        ])
                    },
                    itemName: "lint findings"),
                MarkdownDocument.Section(
                    head: ["#### Rows"], items: (1...rows).map { "- Item/\($0)" }, itemName: "rows"),
                MarkdownDocument.reproduce("strata check --sources Huge"),
            ])
    }

    @Test func aLongReportIsCutUnderTheLimitSayingWhatItLeftOut() {
        let text = Self.document(findings: 5_000, rows: 40).text()
        #expect(text.utf8.count <= MarkdownDocument.commentLimit)
        #expect(text.hasPrefix("**Verdict: fails.** plan Huge has 5000 errors.\n"))
        let cut = text.split(separator: "\n").first {
            $0.hasPrefix("… ") && $0.hasSuffix("more lint findings left out (the comment limit)")
        }
        let left = cut.flatMap { Int($0.dropFirst(2).prefix { $0.isNumber }) } ?? 0
        let kept = text.split(separator: "\n").count { $0.hasPrefix("| `Models/Item.swift:") }
        #expect(kept + left == 5_000)
        #expect(kept > 500)
        #expect(text.contains("- Item/40"), "the short list is kept whole")
        #expect(text.hasSuffix("```sh\nstrata check --sources Huge\n```\n"))
    }

    @Test func aShortReportIsWhole() {
        let text = Self.document(findings: 3, rows: 2).text()
        #expect(!text.contains("left out"))
        #expect(text.contains("| `Models/Item.swift:3:5` | Item.field3 is required without a default |"))
    }

    @Test func textFromAStoreIsNeverReadAsMarkdownOrHTML() {
        #expect(
            MarkdownDocument.inline("a|b <img src=x> & \u{1B}[31m\nnext")
                == "a\\|b &lt;img src=x&gt; &amp; \\u{1b}[31m next")
        #expect(MarkdownDocument.code("it's `x` | 1 -> 2") == "`it's 'x' \\| 1 -> 2`")
    }
}
