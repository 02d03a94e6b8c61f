import Foundation
import SwiftData

enum TrainingSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Exercise.self] }

    @Model
    final class Exercise {
        var name: String
        /// The load as entered, in the unit `unitCode` names (odd codes are pounds).
        var load: Double
        var unitCode: Int

        init(name: String, load: Double, unitCode: Int) {
            self.name = name
            self.load = load
            self.unitCode = unitCode
        }
    }
}
