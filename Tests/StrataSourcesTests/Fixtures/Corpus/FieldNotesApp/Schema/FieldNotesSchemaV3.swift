import Foundation
import SwiftData

// 3.0 keeps 2.0's sightings and sites as they were, drops the photos and adds checklists.
enum FieldNotesSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)

    static var models: [any PersistentModel.Type] {
        FieldNotesSchemaV2.models.filter { $0 != FieldNotesSchemaV2.Photo.self } + [Checklist.self]
    }

    @Model
    final class Checklist {
        var title: String
        var done: Bool = false

        init(title: String) { self.title = title }
    }
}

typealias Sighting = FieldNotesSchemaV2.Sighting
typealias Checklist = FieldNotesSchemaV3.Checklist
