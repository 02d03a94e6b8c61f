import Foundation
import SwiftData

/// Tags stored through a ValueTransformer, as apps on Apple platforms write it.
final class TagListTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSArray.self }
    override class func allowsReverseTransformation() -> Bool { true }
}

enum TagsSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Bookmark.self] }

    @Model final class Bookmark {
        var url: String
        @Attribute(.transformable(by: TagListTransformer.self)) var tags: [String]

        init(url: String, tags: [String]) {
            self.url = url
            self.tags = tags
        }
    }
}

enum TagsPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TagsSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
}
