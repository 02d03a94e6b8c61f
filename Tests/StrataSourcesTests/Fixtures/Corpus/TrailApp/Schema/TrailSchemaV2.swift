import Foundation
import SwiftData

enum TrailSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        var all: [any PersistentModel.Type] = [Hike.self, Waypoint.self]
        #if DEBUG
        all.append(DebugEvent.self)
        #endif
        return all
    }

    @Model
    final class Hike {
        var title: String
        var distance: Double
        var startedAt: Date = Date.now
        #if os(iOS)
        // Only the phone keeps a photo of the trail head.
        var photo: Data?
        #endif
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

    @Model
    final class DebugEvent {
        var message: String = ""
        init() {}
    }
}
