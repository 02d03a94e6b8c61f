import Foundation
import SwiftData

extension PantrySchemaV2 {
    /// Version 2 added everything below `expires`, each with a default so a lightweight stage can fill old rows.
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

        init(name: String) {
            self.id = UUID()
            self.name = name
        }
    }
}
