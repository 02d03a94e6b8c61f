import SwiftData
import UIKit

enum PhotosV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Photo.self] }
    @Model final class Photo {
        var caption: String
        init(caption: String) { self.caption = caption }
    }
}

enum PhotosV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Photo.self] }
    @Model final class Photo {
        var caption: String
        var takenAt: Date?
        var thumbnail: UIImage? { nil }
        var hasThumbnail: Bool { thumbnail != nil }
        init(caption: String) { self.caption = caption }
    }
}

typealias Photo = PhotosV2.Photo

enum PhotosPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [PhotosV1.self, PhotosV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: PhotosV1.self, toVersion: PhotosV2.self)] }
}
