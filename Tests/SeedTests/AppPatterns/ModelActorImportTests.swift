import Foundation
import Strata
import Testing

/// Two `@ModelActor` importers writing into one store file at once (Swift 5 mode).
@Suite struct ModelActorImportTests {
    @Test func twoImportersAtOnce() async throws {
        let directory = try TemporaryStoreDirectory()
        let container = try ModelContainer(
            for: ClipboardSchema.HistoryItem.self, configurations: ModelConfiguration(url: directory.store("actors")))
        async let first = ClipboardImporter(modelContainer: container).importItems((0..<100).map { "a\($0)" })
        async let second = ClipboardImporter(modelContainer: container).importItems((0..<100).map { "b\($0)" })
        let ids = try await first + second
        #expect(Set(ids).count == 200)
        let reader = ClipboardImporter(modelContainer: container)
        #expect(await reader.title(of: ids[0]) == "a0")
        #expect(await reader.title(of: ids[199]) == "b99")
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<ClipboardSchema.HistoryItem>()) == 200)
    }
}
