import Foundation
import Strata
import StrataExamples

/// One `ModelContext` used from two threads, for the test that the misuse stops the program with a message
/// (run as `strata-safety misuse-context overlapping|returning|sequential`; the overlap would corrupt the context).
public enum ContextMisuse {
    /// How the two threads use the context.
    public enum Mode: String, Sendable {
        /// The second thread fetches while the first is inside `enumerate`, after uses nested in it: the program stops.
        case overlapping
        /// The first thread, done with nested uses, fetches while the second is inside `enumerate`: the program stops.
        case returning
        /// The second thread fetches after the first returned: allowed, prints the count.
        case sequential
    }

    /// Runs `mode` on a new store of three books.
    public static func run(_ mode: Mode) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-misuse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = try ModelContainer(
            for: Bookshelf.V3.Book.self,
            configurations: ModelConfiguration(url: directory.appendingPathComponent("misuse.store")))
        let context = ModelContext(container)
        for index in 0..<3 {
            context.insert(
                Bookshelf.V3.Book(title: "Book \(index)", firstName: "A", lastName: "B", isbnCode: "\(index)"))
        }
        try context.save()
        let other = ModelContext(container)
        let all = FetchDescriptor<Bookshelf.V3.Book>()

        let inside = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        // Deliberately shared across threads: that is the misuse under test.
        nonisolated(unsafe) let shared = context
        let second = Thread {
            inside.wait()
            let count = (try? shared.fetchCount(all)) ?? -1
            print("second thread counted \(count)")
            done.signal()
        }
        switch mode {
        case .overlapping:
            second.start()
            try context.enumerate(all) { book in
                try useNested(book, context, other)
                inside.signal()
                Thread.sleep(forTimeInterval: 2)
            }
            done.wait()
        case .returning:
            try context.enumerate(all) { book in try useNested(book, context, other) }
            _ = try context.fetchCount(all)
            let entered = DispatchSemaphore(value: 0)
            Thread {
                try? shared.enumerate(all) { _ in
                    entered.signal()
                    Thread.sleep(forTimeInterval: 2)
                }
            }.start()
            entered.wait()
            print("first thread counted \(try context.fetchCount(all))")
        case .sequential:
            second.start()
            try context.enumerate(all) { book in try useNested(book, context, other) }
            inside.signal()
            done.wait()
        }
    }

    /// Uses nested in `context`'s enumerate: property changes (no lock), and `context` again inside a second
    /// context's use (through the lock), so that the check must still know who is inside afterwards.
    private static func useNested(_ book: Bookshelf.V3.Book, _ context: ModelContext, _ other: ModelContext) throws {
        book.title += "!"
        try other.enumerate(FetchDescriptor<Bookshelf.V3.Book>()) { _ in
            _ = try context.fetchCount(FetchDescriptor<Bookshelf.V3.Book>())
            book.lastName += "?"
        }
        context.rollback()
    }
}
