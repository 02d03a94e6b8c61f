import Foundation
import SwiftData

enum AtlasSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Place.self] }
    @Model final class Place {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum AtlasSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Place.self] }
    @Model final class Place {
        var name: String
        var visited: Bool = false
        init(name: String) { self.name = name }
    }
}

/// Copied from V2 to start version 3, and its identifier not changed yet.
enum AtlasSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Place.self] }
    @Model final class Place {
        var name: String
        var visited: Bool = false
        var country: String?
        init(name: String) { self.name = name }
    }
}

enum AtlasPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [AtlasSchemaV1.self, AtlasSchemaV2.self, AtlasSchemaV3.self] }
    static var stages: [MigrationStage] { [v1ToV2, v2ToV3, v3ToV3] }
    static let v1ToV2 = MigrationStage.lightweight(fromVersion: AtlasSchemaV1.self, toVersion: AtlasSchemaV2.self)
    static let v2ToV3 = MigrationStage.lightweight(fromVersion: AtlasSchemaV2.self, toVersion: AtlasSchemaV3.self)
    static let v3ToV3 = MigrationStage.lightweight(fromVersion: AtlasSchemaV3.self, toVersion: AtlasSchemaV3.self)
}
