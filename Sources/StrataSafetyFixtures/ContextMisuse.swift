import Foundation
import Strata
import StrataExamples

/// One `ModelContext` used from two threads, for the test that the misuse stops the program with a message
/// (run as `strata-safety misuse-context overlapping|sequential`; the overlap would corrupt the context).
public enum ContextMisuse {
    /// A second thread fetches while the first is inside `enumerate` (overlapping: the program stops), or after
    /// it returned (sequential: allowed, prints the count).
    public static func run(overlapping: Bool) throws {
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

        let inside = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        // Deliberately shared across threads: that is the misuse under test.
        nonisolated(unsafe) let shared = context
        let second = Thread {
            inside.wait()
            let count = (try? shared.fetchCount(FetchDescriptor<Bookshelf.V3.Book>())) ?? -1
            print("second thread counted \(count)")
            done.signal()
        }
        second.start()
        if overlapping {
            try context.enumerate(FetchDescriptor<Bookshelf.V3.Book>()) { _ in
                inside.signal()
                Thread.sleep(forTimeInterval: 2)
            }
        } else {
            try context.enumerate(FetchDescriptor<Bookshelf.V3.Book>()) { _ in }
            inside.signal()
        }
        done.wait()
    }
}
