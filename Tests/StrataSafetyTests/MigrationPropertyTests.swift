import Foundation
import PropertyBased
import Testing

/// Random rows (unicode from U+0001 with controls (NUL is a known loss, see HostileNameTests), full-range integers, doubles, labels that often repeat, blobs)
/// migrated along random paths through the prepared family of versions (see `FamilyProperty`). Serialized:
/// the path is shared state of `FamilyPlan`.
@Suite(.serialized) struct MigrationPropertyTests {
    static let text = Gen.character(in: "\u{1}"..."\u{2FF}").string(of: 0...6)
    static let label = Gen.element(of: ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]).optional.map { $0 ?? nil }
    static let payload = Gen.uint8(in: 0...255).array(of: 0...6).map { Data($0) }.optional
    static let row = zip(zip(text, Gen.int()), zip(Gen.double(in: -1e12...1e12), label), payload).map { value in
        FamilyRow(name: value.0.0, count: value.0.1, score: value.1.0, label: value.1.1, payload: value.2)
    }

    @Test func migratingKeepsEveryValueAndMatchesTheDryRun() async throws {
        await propertyCheck(
            count: 40, input: Self.row.array(of: 0...6), Gen.element(of: FamilyProperty.paths).map { $0 ?? [0, 1] }
        ) { rows, path in
            let problems = try FamilyProperty.problems(rows: rows, path: path)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
