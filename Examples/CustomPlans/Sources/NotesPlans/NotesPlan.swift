import Strata

/// A notes app's schema history: 1.0.0 has text, 2.0.0 adds an optional tag (a lightweight stage).
public enum NotesPlan: SchemaMigrationPlan {
    /// 1.0.0: a note's text.
    public enum V1: VersionedSchema {
        /// 1.0.0.
        public static let versionIdentifier = Schema.Version(1, 0, 0)
        /// The note.
        public static var models: [any PersistentModel.Type] { [Note.self] }

        /// A note of version 1.
        @Model public final class Note {
            public var text: String

            /// Creates a note.
            public init(text: String) { self.text = text }
        }
    }

    /// 2.0.0: an optional tag.
    public enum V2: VersionedSchema {
        /// 2.0.0.
        public static let versionIdentifier = Schema.Version(2, 0, 0)
        /// The note.
        public static var models: [any PersistentModel.Type] { [Note.self] }

        /// A note of version 2.
        @Model public final class Note {
            public var text: String
            public var tag: String?

            /// Creates a note.
            public init(text: String, tag: String? = nil) {
                self.text = text
                self.tag = tag
            }
        }
    }

    /// V1, V2.
    public static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
    /// One lightweight stage.
    public static var stages: [MigrationStage] { [.lightweight(fromVersion: V1.self, toVersion: V2.self)] }

    /// Creates a 1.0.0 store at `url` with `count` notes.
    public static func makeStore(at url: URL, count: Int) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: V1.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        for number in 1...max(count, 1) { context.insert(V1.Note(text: "Note \(number)")) }
        try context.save()
    }
}
