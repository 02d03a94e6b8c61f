// The first draft of the schema, kept for reference after the model was moved to Model/.
// It was removed from the Pantry target in Xcode but never deleted from disk.
import Foundation
import SwiftData

enum PantrySchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Item.self]
    }

    @Model
    final class Item {
        var title: String
        var count: Double

        init(title: String, count: Double) {
            self.title = title
            self.count = count
        }
    }
}
