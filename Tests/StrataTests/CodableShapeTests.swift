import Foundation
import Strata
import Testing

/// Codable attributes identified by their encoded shape (issue 49, 1): the spelling reads back, two types of one
/// shape are one type (and one fingerprint), a compiled model takes the shape its type declares.
@Suite struct CodableShapeTests {
    struct Badge: Codable, CodableShapeDescribing {
        var label: String
        var level: Int?
        static var codableShapeSpelling: String { "{label: String, level: Int?}" }
    }

    struct Medal: Codable, CodableShapeDescribing {
        var label: String
        var level: Int?
        static var codableShapeSpelling: String { "{label: String, level: Int?}" }
    }

    struct Ribbon: Codable, CodableShapeDescribing {
        var label: String
        static var codableShapeSpelling: String { "{label: String}" }
    }

    enum Badged {
        @Model final class Player {
            var award: Badge
            var history: [Badge] = []
            init(award: Badge) { self.award = award }
        }
    }

    enum Medalled {
        @Model final class Player {
            var award: Medal
            var history: [Medal] = []
            init(award: Medal) { self.award = award }
        }
    }

    enum Ribboned {
        @Model final class Player {
            var award: Ribbon
            var history: [Ribbon] = []
            init(award: Ribbon) { self.award = award }
        }
    }

    static let badge = CodableShape.structure([
        .init(name: "label", type: .named("String"), isOptional: false),
        .init(name: "level", type: .named("Int"), isOptional: true),
    ])

    @Test func aCompiledModelTakesTheShapeItsTypeDeclares() throws {
        let player = try #require(Schema(Badged.Player.self).entitiesByName["Player"])
        guard case .codable(let name, let shape) = player.attribute(named: "award")?.valueType else {
            Issue.record("award is not Codable")
            return
        }
        #expect(name == "Badge")
        #expect(shape == Self.badge)
        guard case .codable(_, let history) = player.attribute(named: "history")?.valueType else { return }
        #expect(history == .array(Self.badge))
    }

    @Test func twoTypesOfOneShapeAreOneTypeAndOneFingerprint() {
        let badged = Schema(Badged.Player.self)
        let medalled = Schema(Medalled.Player.self)
        let ribboned = Schema(Ribboned.Player.self)
        #expect(badged.fingerprint == medalled.fingerprint)
        #expect(badged.fingerprint != ribboned.fingerprint)
        #expect(SchemaDiff(from: badged, to: medalled).changes.isEmpty)
        #expect(
            SchemaDiff(from: badged, to: ribboned).changes.map(\.description) == [
                "Player.award (json Ribbon) changed shape: level removed (Int)",
                "Player.history (json Array<Ribbon>) changed shape: level removed (Int)",
            ])
        #expect(
            SchemaDiff(from: badged, to: ribboned).changes.first?.classification
                == .destructive(loss: "level removed (Int) in every value of Player.award"))
        #expect(SchemaDiff(from: ribboned, to: badged).changes.first?.classification == .lightweight)
    }

    @Test func theSpellingReadsBackWithItsName() throws {
        let shape = CodableShape.structure([
            .init(name: "name", type: .named("String"), isOptional: false),
            .init(name: "tags", type: .named("Dictionary<String, Int>"), isOptional: true),
            .init(
                name: "role",
                type: .shaped(
                    .enumeration([
                        .init(name: "member", associated: []),
                        .init(
                            name: "guest",
                            associated: [.init(name: "sponsor", type: .named("String"), isOptional: false)]),
                    ])), isOptional: false),
            .init(name: "stops", type: .shaped(.array(.structure([]))), isOptional: false),
        ])
        #expect(
            shape.description
                == "{name: String, tags: Dictionary<String, Int>?, role: (member | guest(sponsor: String)), stops: [{}]}"
        )
        let type = ValueType.codable(typeName: "Dictionary<String, Borrower>", shape: shape)
        #expect(type.spelling == "json Dictionary<String, Borrower> \(shape)")
        let decoded = try JSONDecoder().decode(ValueType.self, from: JSONEncoder().encode(type))
        guard case .codable(let name, let read) = decoded else {
            Issue.record("not Codable: \(decoded)")
            return
        }
        #expect(name == "Dictionary<String, Borrower>")
        #expect(read == shape)
        #expect(ValueType("json Array<String>") == .codable(typeName: "Array<String>"))
        #expect(ValueType("json {person: String?, year: Int}").map { "\($0)" } == "json {person: String?, year: Int}")
    }
}
