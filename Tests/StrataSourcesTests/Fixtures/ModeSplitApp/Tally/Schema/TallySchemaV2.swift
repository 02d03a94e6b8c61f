import Foundation
import SwiftData

enum TallySchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Counter.self] }

    @Model
    final class Counter {
        var title: String
        var value: Int
        var step: Int = 1

        init(title: String, value: Int = 0, step: Int = 1) {
            self.title = title
            self.value = value
            self.step = step
        }
    }
}

typealias Counter = TallySchemaV2.Counter

enum TallyMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TallySchemaV1.self, TallySchemaV2.self] }
    static var stages: [MigrationStage] { [] }
}
