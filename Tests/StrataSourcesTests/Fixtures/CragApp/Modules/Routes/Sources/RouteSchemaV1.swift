import Foundation
import SwiftData

enum RouteSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Climb.self] }

    @Model
    final class Climb {
        var name: String
        var gradeCode: String
        init(name: String, gradeCode: String) {
            self.name = name
            self.gradeCode = gradeCode
        }
    }
}
