import Foundation
import SwiftData

public typealias Episode = ListenLaterSchemaV2.Episode

public enum ListenLaterSchemaV2: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    public static var models: [any PersistentModel.Type] { [Episode.self] }

    @Model
    public final class Episode {
        public var title: String
        public var kindCode: Kind.RawValue = Kind.talk.rawValue
        /// The playback speed, synced through iCloud from this version on.
        public var syncedSpeed: Double = 1.0
        public var remindsOnCalendar: Bool = false
        public var calendarEventID: String?

        public init(title: String) { self.title = title }
    }
}
