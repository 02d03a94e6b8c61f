import Foundation
import SwiftData

enum ChoresSchemaV3: VersionedSchema {
    @MainActor static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Chore.self] }

    @Model final class Chore {
        var title: String
        var order: Int = 0
        var done: Bool = false
        var effort: Int

        init(title: String, effort: Int) {
            self.title = title
            self.effort = effort
        }
    }
}
