import Foundation
import SwiftData

public enum ListenLaterSchemaV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    public static var models: [any PersistentModel.Type] { [Episode.self] }

    @Model
    public final class Episode {
        public var title: String
        public var kindCode: Kind.RawValue = Kind.talk.rawValue

        public init(title: String) { self.title = title }
    }
}
