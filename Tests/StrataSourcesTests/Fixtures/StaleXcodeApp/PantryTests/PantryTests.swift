import SwiftData
import XCTest

@testable import Pantry

final class PantryTests: XCTestCase {
    func testNewItemsHaveNoBestBeforeDate() {
        let item = Item(name: "Rice", quantity: 2)
        XCTAssertNil(item.bestBefore)
    }
}
