import Foundation
import SwiftData

enum GardenSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model
    final class Plant {
        var name: String
        var wateredAt: Date

        init(name: String, wateredAt: Date = .now) {
            self.name = name
            self.wateredAt = wateredAt
        }
    }
}
