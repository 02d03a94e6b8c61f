import Foundation
import Testing

@testable import Strata

/// Searches built from smaller predicates. With Apple's Foundation (iOS 17.4 on), a `#Predicate` may call another
/// predicate's `evaluate(_:)`; the toolchain's Foundation on Linux refuses it at compile time, in every form (see
/// the README's comparison), so apps write one of the two workarounds, which must find what SwiftData finds.
@Suite struct NestedPredicateTests {
    let directory = TemporaryDirectory()
    let context: ModelContext

    init() throws {
        context = try Catalog.seed(at: directory.store())
    }

    @Test func theToolchainRefusesEvaluateInAPredicate() throws {
        // If this starts to compile, Linux's Foundation supports nested predicates: translate them and update the
        // README's row.
        let source = directory.url.appendingPathComponent("Nested.swift")
        try """
        import Foundation
        struct Book { var title: String; var pages: Int }
        let long = #Predicate<Book> { $0.pages > 300 }
        let search = #Predicate<Book> { book in long.evaluate(book) && book.title.contains("Dune") }
        """.write(to: source, atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["swiftc", "-typecheck", source.path]
        let errors = Pipe()
        compiler.standardError = errors
        compiler.standardOutput = FileHandle.nullDevice
        try compiler.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compiler.waitUntilExit()
        #expect(compiler.terminationStatus != 0)
        #expect(output.contains("The evaluate(_:) function is not supported in this predicate"), "\(output)")
    }

    /// The search an app composes from a text filter and a length filter. With SwiftData it reads
    /// `#Predicate { long.evaluate($0) && matchesText.evaluate($0) }`; written out whole it compiles here.
    static func search(text: String, minimumPages: Int) -> Predicate<Catalog.Item> {
        #Predicate { $0.pages > minimumPages && $0.title.localizedStandardContains(text) }
    }

    @Test func aPredicateWrittenOutWholeFindsWhatTheNestedOneFinds() throws {
        // SwiftData returns the items longer than 300 pages whose title contains "dune" (any case): only "Dune"
        // ("Dune Messiah" has 256 pages, "Émile" exactly 300, "emma" no "dune").
        let descriptor = FetchDescriptor(predicate: Self.search(text: "dune", minimumPages: 300))
        #expect(try context.fetch(descriptor).map(\.title) == ["Dune"])
        #expect(try context.fetch(descriptor, inMemory: true).map(\.title) == ["Dune"])
        #expect(try context.fetchCount(descriptor) == 1)
    }

    @Test func oneFilterInTheFetchAndTheOtherEvaluatedInSwiftFindsTheSame() throws {
        let minimumPages = 300
        let long = #Predicate<Catalog.Item> { $0.pages > minimumPages }
        let matchesText = #Predicate<Catalog.Item> { $0.title.localizedStandardContains("dune") }
        let found = try context.fetch(FetchDescriptor(predicate: long, sortBy: [SortDescriptor(\.title)]))
            .filter { try matchesText.evaluate($0) }
        #expect(found.map(\.title) == ["Dune"])
    }
}
