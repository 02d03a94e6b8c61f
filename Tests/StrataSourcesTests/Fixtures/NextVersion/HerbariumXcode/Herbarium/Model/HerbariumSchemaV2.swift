import Foundation
import SwiftData

enum HerbariumSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Specimen.self] }

    @Model
    final class Specimen {
        var latinName: String
        var collectedOn: Date
        var site: String?

        init(latinName: String, collectedOn: Date) {
            self.latinName = latinName
            self.collectedOn = collectedOn
        }
    }
}
