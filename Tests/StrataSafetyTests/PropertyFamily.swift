import Foundation
import Strata

/// A prepared family of four versions, each reachable from the first by lightweight changes only, so any
/// increasing path through them is a valid plan of lightweight stages (Swift types cannot be generated at run
/// time, so the property tests generate the data and choose the path):
/// - 2.0.0 renames `name` to `title` and adds an optional `note`;
/// - 3.0.0 makes `count` optional and adds `rank` with a default;
/// - 4.0.0 renames `score` to `points`, makes `label` unique (fails on duplicates) and drops `payload`.
enum Family {
    enum P1: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }

        @Model final class Item {
            var name: String
            var count: Int
            var score: Double
            var label: String?
            var payload: Data?

            init(name: String, count: Int, score: Double, label: String?, payload: Data?) {
                self.name = name
                self.count = count
                self.score = score
                self.label = label
                self.payload = payload
            }
        }
    }

    enum P2: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }

        @Model final class Item {
            @Attribute(originalName: "name") var title: String
            var count: Int
            var score: Double
            var label: String?
            var payload: Data?
            var note: String?

            init(title: String, count: Int, score: Double) {
                self.title = title
                self.count = count
                self.score = score
            }
        }
    }

    enum P3: VersionedSchema {
        static let versionIdentifier = Schema.Version(3, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }

        @Model final class Item {
            @Attribute(originalName: "name") var title: String
            var count: Int?
            var score: Double
            var label: String?
            var payload: Data?
            var note: String?
            var rank: Int = 0

            init(title: String, score: Double) {
                self.title = title
                self.score = score
            }
        }
    }

    enum P4: VersionedSchema {
        static let versionIdentifier = Schema.Version(4, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }

        @Model final class Item {
            @Attribute(originalName: "name") var title: String
            var count: Int?
            @Attribute(originalName: "score") var points: Double
            @Attribute(.unique) var label: String?
            var note: String?
            var rank: Int = 0

            init(title: String, points: Double) {
                self.title = title
                self.points = points
            }
        }
    }

    static var versions: [any VersionedSchema.Type] { [P1.self, P2.self, P3.self, P4.self] }

    /// The column each of 1.0.0's attributes is kept under at version `major` (nil: dropped).
    static func column(_ attribute: String, at major: Int) -> String? {
        switch attribute {
        case "name": major == 1 ? "name" : "title"
        case "score": major == 4 ? "points" : "score"
        case "payload": major == 4 ? nil : "payload"
        default: attribute
        }
    }
}

/// A plan of lightweight stages along a path through the family, chosen at run time.
enum FamilyPlan: SchemaMigrationPlan {
    /// The path (indices into `Family.versions`, increasing, starting at 0) the next migration uses.
    nonisolated(unsafe) static var path: [Int] = [0, 1]

    static var schemas: [any VersionedSchema.Type] { path.map { Family.versions[$0] } }
    static var stages: [MigrationStage] {
        zip(path, path.dropFirst()).map {
            .lightweight(fromVersion: Family.versions[$0], toVersion: Family.versions[$1])
        }
    }
}
