import SwiftData

// The first draft of version 1, kept for reference; the project leaves it out of the target.
enum TrainingSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Exercise.self] }

    @Model
    final class Exercise {
        var title: String
        init(title: String) { self.title = title }
    }
}
