import Foundation
import SwiftData

enum DeckSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Card.self] }

    @Model final class Card {
        var front: String
        var back: String
        init(front: String, back: String) {
            self.front = front
            self.back = back
        }
    }
}

enum DeckSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Card.self] }

    @Model final class Card {
        var front: String
        var back: String
        var hint: String?
        init(front: String, back: String) {
            self.front = front
            self.back = back
        }
    }
}

enum DeckSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Card.self, Draft.self] }

    @Model final class Card {
        @Attribute(originalName: "front") var prompt: String
        var answer: String
        var hint: String?
        init(prompt: String, answer: String) {
            self.prompt = prompt
            self.answer = answer
        }
    }

    @Model final class Draft {
        var text: String
        init(text: String) { self.text = text }
    }
}

enum DeckSchemaV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)
    static var models: [any PersistentModel.Type] { [Card.self] }

    @Model final class Card {
        var prompt: String
        var answer: String
        var hint: String?
        var reviews: Int = 0
        init(prompt: String, answer: String) {
            self.prompt = prompt
            self.answer = answer
        }
    }
}

enum DeckSchemaV5: VersionedSchema {
    static let versionIdentifier = Schema.Version(5, 0, 0)
    static var models: [any PersistentModel.Type] { [Card.self] }

    @Model final class Card {
        var prompt: String
        var answer: String
        var hint: String?
        var reviews: Int = 0
        var starred: Bool = false
        init(prompt: String, answer: String) {
            self.prompt = prompt
            self.answer = answer
        }
    }
}
