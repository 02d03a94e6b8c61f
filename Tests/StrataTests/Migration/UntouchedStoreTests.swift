import Foundation
import Strata
import Testing

@Suite struct UntouchedStoreTests {
    @Test func inspectingAStoreLeavesItsBytesAlone() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        let before = storeHashes(url)
        #expect(try StoreInspector(url: url).version() == Schema.Version(1, 0, 0))
        #expect(try StoreInspector(url: url).rowCounts().map(\.rows) == [3])
        #expect(storeHashes(url) == before)
    }
}
