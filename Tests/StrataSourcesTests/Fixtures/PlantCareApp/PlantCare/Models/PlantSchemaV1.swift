import Foundation
import SwiftData

enum PlantSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model
    final class Plant {
        var name: String
        var intervalDays: Int

        init(name: String, intervalDays: Int) {
            self.name = name
            self.intervalDays = intervalDays
        }
    }
}
