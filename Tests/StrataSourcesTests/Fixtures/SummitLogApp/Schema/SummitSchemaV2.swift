import Foundation
import SwiftData

/// Adds a rating and the weather to a hike, both optional, as CloudKit's schema allows a new version to.
enum SummitSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] {
        [Hike.self, Photo.self, Peak.self]
    }

    @Model
    final class Hike {
        var title: String = ""
        var startedAt: Date = Date.now
        var notes: String?
        var rating: Int?
        var weather: String = "clear"
        @Relationship(deleteRule: .cascade, inverse: \Photo.hike) var photos: [Photo]? = []
        var peak: Peak?

        init(title: String) { self.title = title }
    }

    @Model
    final class Photo {
        var caption: String = ""
        @Attribute(.externalStorage) var imageData: Data?
        var hike: Hike?

        init(caption: String) { self.caption = caption }
    }

    @Model
    final class Peak {
        var name: String = ""
        var elevation: Int = 0
        @Relationship(inverse: \Hike.peak) var hikes: [Hike]?

        init(name: String, elevation: Int) {
            self.name = name
            self.elevation = elevation
        }
    }
}
