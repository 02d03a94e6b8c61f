import Foundation
import SwiftData

enum TrailSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Hike.self] }

    @Model
    final class Hike {
        var title: String
        var distance: Double

        init(title: String, distance: Double) {
            self.title = title
            self.distance = distance
        }
    }
}
