import Foundation
import SwiftData

enum ChoresSchemaV2: VersionedSchema {
    static nonisolated(unsafe) var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Chore.self] }

    @Model final class Chore {
        var title: String
        var order: Int = 0
        var done: Bool = false

        init(title: String) {
            self.title = title
        }
    }
}
