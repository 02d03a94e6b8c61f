import Foundation
import SwiftData

public typealias Climb = RouteSchemaV2.Climb

public enum RouteSchemaV2: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    public static var models: [any PersistentModel.Type] { [Climb.self] }

    @Model
    public final class Climb {
        public var name: String
        public var gradeCode: String
        /// The points the ascent scores, from version 2.
        public var points: Int = 0
        init(name: String, gradeCode: String) {
            self.name = name
            self.gradeCode = gradeCode
        }
    }
}
