import Foundation
import SwiftData

extension PantrySchemaV1 {
    @Model
    final class Item {
        @Attribute(.unique) var id: UUID
        var name: String
        var expires: Date?

        init(name: String) {
            self.id = UUID()
            self.name = name
        }
    }
}
