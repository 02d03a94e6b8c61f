import Foundation
import Strata
import Testing

/// Two stages of two dry runs that meet in the middle: the first waits until the second has started, the second waits
/// until the first's whole dry run has returned. A redirection or capture shared by the process would send the first
/// stage's file into the second's folder and the second's into this machine's own Application Support.
final class StageMeeting: @unchecked Sendable {
    private let lock = NSLock()
    private var arrivals = 0
    private let secondArrived = DispatchSemaphore(value: 0)
    private let firstFinished = DispatchSemaphore(value: 0)

    /// Called by each stage: the first waits for the second, the second for the first run's end (10 s at most each).
    func arrive() {
        lock.lock()
        arrivals += 1
        let order = arrivals
        lock.unlock()
        if order == 1 {
            _ = secondArrived.wait(timeout: .now() + 10)
        } else {
            secondArrived.signal()
            _ = firstFinished.wait(timeout: .now() + 10)
        }
    }

    /// Called when a dry run has returned.
    func finished() { firstFinished.signal() }
}

/// PantryV1 -> PantryV2 with a didMigrate that meets the other run's, then prints a line and writes a side file named
/// after the store's one jar.
enum MeetingPantryPlan: SchemaMigrationPlan {
    nonisolated(unsafe) static var meeting = StageMeeting()

    static var schemas: [any VersionedSchema.Type] { [PantryV1.self, PantryV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: PantryV1.self, toVersion: PantryV2.self, willMigrate: nil,
                didMigrate: { context in
                    let label = try context.fetch(FetchDescriptor<PantryV2.Jar>()).first?.label ?? "none"
                    meeting.arrive()
                    StageOutput.write("stage of \(label)\n")
                    let folder = StageDirectories.url(for: .applicationSupportDirectory)
                    try Data(label.utf8).write(to: folder.appendingPathComponent("\(label).txt"))
                })
        ]
    }
}

/// A dry run writes nothing outside its own folder and hears only its own stage, while another runs in the process.
@Suite(.serialized) struct ConcurrentDryRunTests {
    @Test func twoDryRunsAtOnceEachKeepTheirFilesAndLines() throws {
        let directory = TemporaryDirectory()
        let labels = ["jar-\(UUID().uuidString)", "jar-\(UUID().uuidString)"]
        let stores = try labels.map { label in
            let url = directory.store(label)
            let context = ModelContext(
                try ModelContainer(
                    for: Schema(versionedSchema: PantryV1.self), configurations: ModelConfiguration(url: url)))
            context.insert(PantryV1.Jar(label: label))
            try context.save()
            return url
        }
        MeetingPantryPlan.meeting = StageMeeting()
        let results = Results()
        let group = DispatchGroup()
        for (index, store) in stores.enumerated() {
            DispatchQueue.global().async(group: group) {
                var heard: [String] = []
                let report = Result {
                    try Migrator.dryRun(store: store, plan: MeetingPantryPlan.self) { event in
                        switch event {
                        case .output(_, let line): heard.append(line)
                        case .sideFile(_, let path): heard.append("wrote \(path)")
                        default: break
                        }
                    }
                }
                MeetingPantryPlan.meeting.finished()
                results.set(index, (report.map(\.succeeded), heard))
            }
        }
        #expect(group.wait(timeout: .now() + 30) == .success)
        for (index, label) in labels.enumerated() {
            let (succeeded, heard) = try #require(results.get(index))
            #expect(try succeeded.get())
            #expect(heard == ["stage of \(label)", "wrote Application Support/\(label).txt"])
            let outside = StageDirectories.url(for: .applicationSupportDirectory).appendingPathComponent("\(label).txt")
            #expect(!FileManager.default.fileExists(atPath: outside.path))
        }
    }
}

/// The two runs' outcomes, by run.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: (Result<Bool, any Error>, [String])] = [:]

    func set(_ index: Int, _ value: (Result<Bool, any Error>, [String])) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> (Result<Bool, any Error>, [String])? { lock.withLock { values[index] } }
}
