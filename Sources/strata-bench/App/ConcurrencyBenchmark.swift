import ArgumentParser
import Foundation
import Strata

/// `strata-bench concurrency`: A6 of issue 18, a `@ModelActor` writer inserting while a context on the calling
/// thread fetches, with the throughput of both sides and a check that no write is lost.
struct ConcurrencyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concurrency",
        abstract: "Time a @ModelActor writer inserting while the main context fetches (A6).",
        discussion: """
            The writer inserts N items, saving every --batch; meanwhile a context on the calling thread fetches in a \
            loop: the count of items and the 100 with the highest count. Reported: the writer's inserts per second, \
            the reader's fetches per second, and whether every fetch saw whole saves and the store ends with N \
            distinct items.

            Example:
              swift run -c release strata-bench concurrency --rows 100000 --write BENCHMARKS.md
            """
    )

    @Option(help: "Items the writer inserts.")
    var rows: Int = 100_000

    @Option(help: "Items per save of the writer.")
    var batch: Int = 1_000

    @Option(help: "Replace the concurrency section of this Markdown file with the results.")
    var write: String?

    func validate() throws {
        guard rows >= 1, batch >= 1 else { throw ValidationError("--rows and --batch must be at least 1") }
    }

    func run() throws {
        let store = try BenchStore()
        defer { store.remove() }
        let container = try ModelContainer(
            for: AppStores.schema,
            configurations: ModelConfiguration(url: store.directory.appendingPathComponent("concurrency.store")))
        let writerDone = WriterOutcome()
        let (rows, batch) = (self.rows, self.batch)
        Task.detached {
            do {
                writerDone.finish(
                    .success(try await AppItemWriter(modelContainer: container).importItems(rows: rows, batch: batch)))
            } catch {
                writerDone.finish(.failure(error))
            }
        }
        let reader = ModelContext(container)
        var top = FetchDescriptor<AppItem>(sortBy: [SortDescriptor(\.count, order: .reverse)])
        top.fetchLimit = 100
        let clock = ContinuousClock()
        let start = clock.now
        var fetches = 0
        var partialSaves = 0
        var lastCount = 0
        var decreasing = 0
        while writerDone.result == nil {
            let count = try reader.fetchCount(FetchDescriptor<AppItem>())
            let highest = try reader.fetch(top).first?.count ?? 0
            if count % batch != 0 && count != rows { partialSaves += 1 }
            if count < lastCount || highest < lastCount { decreasing += 1 }
            lastCount = count
            fetches += 1
        }
        let readSeconds = (clock.now - start).seconds
        let writeSeconds = try writerDone.result!.get()
        let finalCount = try ModelContext(container).fetchCount(FetchDescriptor<AppItem>())
        let distinct = Set(try ModelContext(container).fetch(FetchDescriptor<AppItem>()).map(\.uuid)).count
        let lost = rows - distinct
        let lines = [
            "| rows | batch | writer inserts/s | writer s | reader fetch pairs/s | reader pairs | fetches seeing part of a save | counts going back | rows at the end | distinct | lost |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
            "| \(rows) | \(batch) | \(Int(Double(rows) / writeSeconds)) | \(String(format: "%.2f", writeSeconds)) | \(String(format: "%.0f", Double(fetches) / readSeconds)) | \(fetches) | \(partialSaves) | \(decreasing) | \(finalCount) | \(distinct) | \(lost) |",
        ]
        print(lines.joined(separator: "\n"))
        if let write {
            let body = """
                ## `strata-bench concurrency`: A6, a @ModelActor writer inserting while the main context fetches

                Command: `\(CommandLine.arguments.joined(separator: " "))` on \(MarkdownSection.machine), \(Date()).
                A reader pair is one `fetchCount` and one fetch of the 100 items with the highest count.

                \(lines.joined(separator: "\n"))
                """
            try MarkdownSection(name: "concurrency", body: body).write(to: URL(fileURLWithPath: write))
            print("wrote \(write)")
        }
        guard finalCount == rows, lost == 0, partialSaves == 0, decreasing == 0 else {
            throw ValidationError("writes were lost or seen in part: see the table")
        }
    }
}

// Safe: `value` is read and written only under `lock`.
/// What the writer task reports to the reading thread.
private final class WriterOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<Double, any Error>?

    /// The writer's seconds or error, once it finished.
    var result: Result<Double, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Records how the writer ended.
    func finish(_ outcome: Result<Double, any Error>) {
        lock.lock()
        value = outcome
        lock.unlock()
    }
}
