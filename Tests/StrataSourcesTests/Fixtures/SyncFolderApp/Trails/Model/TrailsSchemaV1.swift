import Foundation
import SwiftData

enum TrailsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Trail.self] }

    @Model
    final class Trail {
        var name: String
        var lengthKilometres: Double

        init(name: String, lengthKilometres: Double) {
            self.name = name
            self.lengthKilometres = lengthKilometres
        }
    }
}
