import Foundation
import SwiftData

enum TrailsSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Trail.self] }

    @Model
    final class Trail {
        var name: String
        var lengthKilometres: Double
        var elevationGain: Int = 0

        init(name: String, lengthKilometres: Double) {
            self.name = name
            self.lengthKilometres = lengthKilometres
        }
    }
}
