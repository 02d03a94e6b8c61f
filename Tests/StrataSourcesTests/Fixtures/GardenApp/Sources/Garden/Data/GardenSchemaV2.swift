import Combine
import Foundation
import SwiftData

enum GardenSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    /// Still an ObservableObject, as the 1.x views observed it before they moved to @Query.
    @Model
    final class Plant: ObservableObject {
        var name: String = ""
        var kind: PlantKind = PlantKind.herb
        var plantedOn: Date = Date.now

        init(name: String, kind: PlantKind, plantedOn: Date) {
            self.name = name
            self.kind = kind
            self.plantedOn = plantedOn
        }
    }
}

typealias Plant = GardenSchemaV2.Plant
