import Foundation
import SwiftData

enum GardenSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model
    final class Plant {
        var name: String
        var wateredAt: Date
        var sunlight: String?

        init(name: String, wateredAt: Date = .now, sunlight: String? = nil) {
            self.name = name
            self.wateredAt = wateredAt
            self.sunlight = sunlight
        }
    }
}
