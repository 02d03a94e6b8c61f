// A draft of version 2 kept beside the module, outside its target's sources.
import SwiftData

enum RouteSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Climb.self] }

    @Model
    final class Climb {
        var name: String
        var rating: Double = 0
        init(name: String) { self.name = name }
    }
}
