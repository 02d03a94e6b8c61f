import Foundation
import SwiftData

enum BirdLogSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Sighting.self] }

    @Model
    final class Sighting {
        var species: String = ""
        var count: Int = 1
        var seenAt: Date = Date.now

        init(species: String, count: Int, seenAt: Date) {
            self.species = species
            self.count = count
            self.seenAt = seenAt
        }
    }
}
