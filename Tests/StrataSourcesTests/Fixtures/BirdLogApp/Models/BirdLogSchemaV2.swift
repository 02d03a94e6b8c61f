import Foundation
import FoundationModels
import SwiftData

/// The sky at a sighting; generable so the on-device model can suggest it from the notes.
@Generable
enum Sky: String, Codable, CaseIterable {
    case clear, overcast, rain
}

/// A call heard with a sighting, as the on-device model transcribes it.
@Generable
struct HeardCall: Codable {
    @Guide(description: "The call written as syllables, such as 'chick-a-dee'")
    var syllables: String
    var seconds: Double
}

enum BirdLogSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Sighting.self] }

    @Model
    final class Sighting {
        var species: String = ""
        var count: Int = 1
        var seenAt: Date = Date.now
        var sky: Sky = Sky.clear
        var call: HeardCall?

        init(species: String, count: Int, seenAt: Date, sky: Sky) {
            self.species = species
            self.count = count
            self.seenAt = seenAt
            self.sky = sky
        }
    }
}

typealias Sighting = BirdLogSchemaV2.Sighting
