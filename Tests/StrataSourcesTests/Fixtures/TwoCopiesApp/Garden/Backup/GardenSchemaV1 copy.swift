import Foundation
import SwiftData

// Copied before renaming `lastWatered` to `wateredAt`.
enum GardenSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model
    final class Plant {
        var name: String
        var lastWatered: Date?

        init(name: String) {
            self.name = name
        }
    }
}
