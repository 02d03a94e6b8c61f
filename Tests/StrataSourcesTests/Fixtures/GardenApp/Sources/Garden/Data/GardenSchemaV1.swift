import CloudKit
import Foundation
import SwiftData

// The store syncs through CloudKit (see the container set up in GardenApp.swift), so every attribute below is
// optional or has a default, as CloudKit-backed stores require.
enum GardenSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model
    final class Plant {
        var name: String = ""
        /// 1.0 stored the kind of plant as a number picked from a menu (1 herb, 2 vegetable, 3 flower, 4 shrub).
        var categoryCode: Int = 0
        var plantedOn: Date = Date.now

        init(name: String, categoryCode: Int, plantedOn: Date) {
            self.name = name
            self.categoryCode = categoryCode
            self.plantedOn = plantedOn
        }
    }
}
