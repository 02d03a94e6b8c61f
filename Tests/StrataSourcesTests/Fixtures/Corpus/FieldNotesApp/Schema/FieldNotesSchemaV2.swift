import Foundation
import SwiftData

// Photos came in 2.0: the list of models is put together step by step, as the feature flags once decided it.
enum FieldNotesSchemaV2: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }

    static var models: [any PersistentModel.Type] {
        var all: [any PersistentModel.Type] = [Sighting.self]
        all.append(Site.self)
        all.append(contentsOf: [Photo.self])
        return all
    }
}

extension FieldNotesSchemaV2 {
    @Model
    final class Sighting {
        var species: String
        var count: Int
        var seenAt: Date = Date.now
        var site: Site?

        init(species: String, count: Int, site: Site? = nil) {
            self.species = species
            self.count = count
            self.site = site
        }
    }

    @Model
    final class Site {
        var name: String
        @Relationship(deleteRule: .cascade, inverse: \Sighting.site)
        var sightings: [Sighting] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Photo {
        var fileName: String
        var takenAt: Date

        init(fileName: String, takenAt: Date) {
            self.fileName = fileName
            self.takenAt = takenAt
        }
    }
}
