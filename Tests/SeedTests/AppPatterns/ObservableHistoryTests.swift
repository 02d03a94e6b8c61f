import Foundation
import Observation
import Strata
import Testing

/// `withObservationTracking` over a model fetched from a store file (Swift 5 mode): a change of the observed
/// property calls `onChange` once; a change of another property does not.
@Suite struct ObservableHistoryTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func record() { lock.withLock { value += 1 } }
    }

    @Test func observingAFetchedItem() throws {
        let directory = try TemporaryStoreDirectory()
        let container = try ModelContainer(
            for: ClipboardSchema.HistoryItem.self, configurations: ModelConfiguration(url: directory.store("observe")))
        let context = ModelContext(container)
        context.insert(ClipboardSchema.HistoryItem(title: "copied"))
        try context.save()
        let item = try #require(try ModelContext(container).fetch(FetchDescriptor<ClipboardSchema.HistoryItem>()).first)
        let calls = Calls()
        withObservationTracking {
            _ = item.numberOfCopies
        } onChange: {
            calls.record()
        }
        item.title = "renamed"
        #expect(calls.count == 0)
        item.numberOfCopies += 1
        #expect(calls.count == 1)
    }
}
