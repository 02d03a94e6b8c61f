import ArgumentParser
import Foundation
import Strata

/// `strata-bench enumerate`: fills a temporary store, then walks it with `ModelContext.enumerate`.
struct EnumerateBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enumerate",
        abstract: "Insert N rows into a temporary store, then enumerate them all; report time and peak memory.",
        discussion: """
            Each phase reports its own peak resident memory (VmHWM, reset between phases). Flat memory \
            means the enumerate peak does not grow with --rows.

            Example:
              swift run -c release strata-bench enumerate --rows 100000
            """
    )

    @Option(help: "How many rows to insert and enumerate.")
    var rows: Int = 1_000_000

    @Option(help: "Rows inserted per context and save.")
    var insertBatch: Int = 10_000

    @Option(help: "The batch size given to enumerate(_:batchSize:).")
    var enumerateBatch: Int = 5_000

    func validate() throws {
        guard rows > 0, insertBatch > 0, enumerateBatch > 0 else {
            throw ValidationError("--rows, --insert-batch and --enumerate-batch must be positive")
        }
    }

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ModelConfiguration(url: directory.appendingPathComponent("bench.store"))
        print(
            "strata-bench enumerate: \(rows) rows, insert batches of \(insertBatch), enumerate batches of \(enumerateBatch)"
        )

        let insert = try PhaseMeasurement.measure("insert") { try insertRows(into: configuration) }
        print(insert.report)
        let enumerate = try PhaseMeasurement.measure("enumerate") { try enumerateRows(in: configuration) }
        print(enumerate.report)
    }

    /// Inserts `rows` items, each batch in a fresh context saved once, so the insert phase holds one batch.
    private func insertRows(into configuration: ModelConfiguration) throws -> Int {
        let container = try ModelContainer(for: BenchItem.self, configurations: configuration)
        let epoch = Date(timeIntervalSince1970: 1_700_000_000)
        var inserted = 0
        while inserted < rows {
            let context = ModelContext(container)
            let end = min(inserted + insertBatch, rows)
            for number in inserted..<end {
                context.insert(
                    BenchItem(
                        title: "item \(number)", number: number, created: epoch.addingTimeInterval(Double(number))))
            }
            try context.save()
            inserted = end
        }
        return inserted
    }

    /// Reopens the store and enumerates every item, reading each property so every row is decoded.
    private func enumerateRows(in configuration: ModelConfiguration) throws -> Int {
        let container = try ModelContainer(for: BenchItem.self, configurations: configuration)
        let context = ModelContext(container)
        var seen = 0
        var checksum = 0
        try context.enumerate(FetchDescriptor<BenchItem>(), batchSize: enumerateBatch) { item in
            seen += 1
            checksum &+= item.number &+ item.title.utf8.count &+ Int(item.created.timeIntervalSince1970)
        }
        guard seen == rows else { throw IncompleteEnumeration(expected: rows, seen: seen, checksum: checksum) }
        return seen
    }

    /// Enumerate delivered a different number of rows than were inserted: the benchmark's numbers are void.
    struct IncompleteEnumeration: Error, CustomStringConvertible {
        let expected: Int, seen: Int, checksum: Int
        var description: String { "enumerate delivered \(seen) of \(expected) rows (checksum \(checksum))" }
    }
}
