import Foundation
import SwiftData

// Phone only: the watch app does not ship 3.0.
enum TrailSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Hike.self, Waypoint.self] }

    @Model
    final class Hike {
        var title: String
        var distance: Double
        var startedAt: Date = Date.now
        var photo: Data?
        var effort: Int = 0
        @Relationship(deleteRule: .cascade, inverse: \Waypoint.hike)
        var waypoints: [Waypoint] = []

        init(title: String, distance: Double) {
            self.title = title
            self.distance = distance
        }
    }

    @Model
    final class Waypoint {
        var latitude: Double
        var longitude: Double
        var hike: Hike?

        init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }
}
