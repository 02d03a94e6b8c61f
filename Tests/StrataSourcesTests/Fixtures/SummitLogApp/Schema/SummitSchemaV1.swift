import Foundation
import SwiftData

/// The first version shipped, already written for CloudKit: defaults everywhere, optional relationships with
/// inverses, nothing unique.
enum SummitSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] {
        [Hike.self, Photo.self, Peak.self]
    }

    @Model
    final class Hike {
        var title: String = ""
        var startedAt: Date = Date.now
        var notes: String?
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
