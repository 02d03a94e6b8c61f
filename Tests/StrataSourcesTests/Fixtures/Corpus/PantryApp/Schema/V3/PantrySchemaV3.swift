import Foundation
import SwiftData

enum PantrySchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Item.self]
    }

    @Model
    final class Item {
        @Attribute(.unique) var id: UUID
        var name: String
        var expires: Date?
        var notes: String = ""
        var isOpened: Bool = false
        var count: Int = 7
        var status: Status = .planned
        var tags: [String] = []
        var labels: [String: String] = [:]
        var shelf: Shelf = Shelf.top
        var addedAt: Date = .now
        var code: String = Item.makeCode()
        var weight: Double = -0.25
        var note: String? = "fresh \"today\""
        var batch: UUID = UUID()
        var rating: Float = 2.5
        var favourites: [Status] = [.used, .planned]
        // Numbers written through their type's initializer, as some apps spell them.
        var shelfLifeDays: Int = Int(14)
        var price: Decimal = Decimal(string: "3.49")!
        var servings: Double = Double(2)
        var reorderAt: Int = Int(-1)
        // Arithmetic on literals, a bound, and Foundation's TimeInterval (a Double), as apps write durations.
        var restockEvery: TimeInterval = 60 * 60 * 24 * 7
        var sortOrder: Int = Int.max
        var minutesPerServing: Int = (90 - 30) / 4
        var portions: Double = 7 / 2

        init(name: String) {
            self.id = UUID()
            self.name = name
        }
    }
}
