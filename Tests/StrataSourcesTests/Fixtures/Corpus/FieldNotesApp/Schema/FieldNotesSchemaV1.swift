import Foundation
import SwiftData

enum FieldNotesSchemaV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }

    static var models: [any PersistentModel.Type] {
        [Sighting.self, Site.self]
    }

    @Model
    final class Sighting {
        var species: String
        var count: Int
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
}
