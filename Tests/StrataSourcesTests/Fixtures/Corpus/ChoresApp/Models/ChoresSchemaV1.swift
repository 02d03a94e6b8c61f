import Foundation
import SwiftData

enum ChoresSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Chore.self] }

    @Model final class Chore {
        var title: String
        var order: Int
        var done: Bool = false

        init(title: String, order: Int) {
            self.title = title
            self.order = order
        }
    }
}
