import Foundation
import SwiftData
import SwiftUI

/// What was watched: a case without a raw value is stored as synthesized Codable writes it.
enum Kind: Codable {
    case movie(String)
    case series(title: String, seasons: Int)
    case short
}

enum WatchStatus: Codable, CaseIterable {
    case planned, watching, finished
}

struct Rating: Codable {
    var stars: Int
    var note: String
    var mood: WatchStatus
}

enum CinemaSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Screening.self] }

    @Model final class Screening {
        var kind: Kind
        var status: WatchStatus
        var scale: CGFloat
        var rating: Rating?
        init(kind: Kind, status: WatchStatus, scale: CGFloat) {
            self.kind = kind
            self.status = status
            self.scale = scale
        }
    }
}

enum CinemaSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Screening.self] }

    @Model final class Screening {
        var kind: Kind
        var status: WatchStatus
        var scale: CGFloat
        var rating: Rating?
        var seen: Bool = false
        init(kind: Kind, status: WatchStatus, scale: CGFloat) {
            self.kind = kind
            self.status = status
            self.scale = scale
        }
    }
}

enum CinemaPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CinemaSchemaV1.self, CinemaSchemaV2.self] }
    static var stages: [MigrationStage] { [markSeen] }

    /// Reads every screening with the app's own types before the change: a value that does not decode fails it.
    static let markSeen = MigrationStage.custom(
        fromVersion: CinemaSchemaV1.self, toVersion: CinemaSchemaV2.self,
        willMigrate: { context in
            for screening in try context.fetch(FetchDescriptor<CinemaSchemaV1.Screening>()) {
                if case .series(_, let seasons) = screening.kind, seasons < 0 { throw CocoaError(.coderReadCorrupt) }
                _ = (screening.status, screening.scale, screening.rating?.mood)
            }
        },
        didMigrate: { context in
            for screening in try context.fetch(FetchDescriptor<CinemaSchemaV2.Screening>()) {
                screening.seen = screening.status == .finished
            }
            try context.save()
        })
}
