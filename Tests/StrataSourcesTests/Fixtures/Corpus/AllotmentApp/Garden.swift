import Foundation
import SwiftData

/// Classes every version lists (never copied into the versions), and one that links back to an old copy.
@Model final class Bed {
    var label: String
    init(label: String) { self.label = label }
}

@Model final class Tool {
    var name: String
    var lastUsedOn: GardenSchemaV1.Plant?
    init(name: String) { self.name = name }
}

enum GardenSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self, Bed.self] }
    @Model final class Plant {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum GardenSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self, Bed.self] }
    @Model final class Plant {
        var name: String
        var sown: Date?
        init(name: String) { self.name = name }
    }
}

enum GardenSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self, Bed.self] }
    @Model final class Plant {
        var name: String
        var sown: Date?
        var tool: Tool?
        init(name: String) { self.name = name }
    }
}

enum GardenPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [GardenSchemaV1.self, GardenSchemaV2.self, GardenSchemaV3.self] }
    static var stages: [MigrationStage] { [] }
}
