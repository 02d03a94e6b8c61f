import Foundation
import SwiftData

enum TallySchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Counter.self] }

    @Model
    final class Counter {
        var title: String
        var value: Int

        init(title: String, value: Int = 0) {
            self.title = title
            self.value = value
        }
    }
}
