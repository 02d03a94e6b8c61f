import Foundation
import Strata
import StrataExamples
import Testing

/// Text from every script through the real `strata`: the `rows` table lines up in terminal columns (CJK and emoji
/// take two, combining marks none), text output shows control characters as escapes, and JSON carries the values
/// exactly as stored.
@Suite struct RowsTextWidthTests {
    /// Books whose authors take `authorColumns` terminal columns when printed.
    static let books: [(title: String, author: String, authorColumns: Int)] = [
        ("ノルウェイの森", "村上春樹", 8),
        ("Rocket 🚀 science", "👩‍💻 Ada", 6),
        ("Ame\u{301}lie", "Zoe\u{308}", 3),
        ("Flags 🇯🇵🇫🇷", "👍🏽 ☕", 5),
        ("Plain", "Jane Austen", 11),
        ("red\u{1B}[31m", "line\nbreak", 11),
    ]

    /// A bookshelf store at 1.0.0 holding `books`, written through `ModelContext` as an app would.
    static func store(in directory: TemporaryStore) throws -> String {
        let path = directory.path("books.store")
        let container = try ModelContainer(
            for: Schema(versionedSchema: Bookshelf.V1.self),
            configurations: ModelConfiguration(url: URL(fileURLWithPath: path)))
        let context = ModelContext(container)
        for (index, book) in books.enumerated() {
            context.insert(Bookshelf.V1.Book(title: book.title, author: book.author, isbn: "978-\(index)"))
        }
        try context.save()
        return path
    }

    @Test func rowsLineUpInTerminalColumns() throws {
        let directory = try TemporaryStore()
        let run = try CommandRun.strata("rows", try Self.store(in: directory), "Book")
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Columns _pk (3 wide), author (11: the widest author), isbn (5), then the title unpadded.
        func line(_ cells: (String, String, Int, String, String)) -> String {
            [
                cells.0 + String(repeating: " ", count: 3 - cells.0.count),
                cells.1 + String(repeating: " ", count: 11 - cells.2), cells.3, cells.4,
            ].joined(separator: "  ")
        }
        #expect(lines[0] == line(("_pk", "author", 6, "isbn ", "title")))
        // The title column is as wide as "Rocket 🚀 science": 17 columns.
        #expect(lines[1] == "---  -----------  -----  " + String(repeating: "-", count: 17))
        let shown = ["ノルウェイの森", "Rocket 🚀 science", "Ame\u{301}lie", "Flags 🇯🇵🇫🇷", "Plain", "red\\u{1b}[31m"]
        for (index, book) in Self.books.enumerated() {
            let author = book.author.replacingOccurrences(of: "\n", with: "\\n")
            let expected = line((String(index + 1), author, book.authorColumns, "978-\(index)", shown[index]))
            #expect(lines[2 + index] == expected)
            #expect(lines[2 + index].unicodeScalars.elementsEqual(expected.unicodeScalars))
        }
        #expect(lines[8] == "Book: rows 1-6 of 6")
        #expect(!run.standardOutput.unicodeScalars.contains("\u{1B}"))
    }

    @Test func jsonCarriesTheStoredValues() throws {
        let directory = try TemporaryStore()
        let json = try CommandRun.strata("rows", try Self.store(in: directory), "Book", "--json").json()
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.count == Self.books.count)
        for (row, book) in zip(rows, Self.books) {
            let title = try #require(row["title"] as? String)
            let author = try #require(row["author"] as? String)
            #expect(title.unicodeScalars.elementsEqual(book.title.unicodeScalars))
            #expect(author.unicodeScalars.elementsEqual(book.author.unicodeScalars))
        }
    }

    @Test func findingSamplesInJSONAreTheStoredValues() throws {
        let directory = try TemporaryStore()
        let path = directory.path("ledger.store")
        let container = try ModelContainer(
            for: Schema(versionedSchema: Ledger.V1.self),
            configurations: ModelConfiguration(url: URL(fileURLWithPath: path)))
        let context = ModelContext(container)
        for name in ["🚀 Ops\u{1B}[2J", "🚀 Ops\u{1B}[2J", "経理", "経理", "経理"] {
            context.insert(Ledger.V1.Account(name: name))
        }
        try context.save()
        let run = try CommandRun.strata("diff", "--plan", "ledger", "1.0.0", "2.0.0", "--store", path, "--json")
        #expect(run.status == 0)
        let findings = try #require(run.json()["findings"] as? [[String: Any]])
        let duplicates = try #require(findings.first { $0["kind"] as? String == "duplicateGroups" })
        #expect(duplicates["count"] as? Int == 2)
        let samples = try #require(duplicates["samples"] as? [String])
        #expect(samples == ["経理 x3", "🚀 Ops\u{1B}[2J x2"])
        let text = try CommandRun.strata("diff", "--plan", "ledger", "1.0.0", "2.0.0", "--store", path)
        #expect(text.standardOutput.contains("(e.g. 経理 x3, 🚀 Ops\\u{1b}[2J x2)"))
        #expect(!text.standardOutput.unicodeScalars.contains("\u{1B}"))
    }
}
