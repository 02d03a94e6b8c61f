import Foundation
import PropertyBased
import Testing

/// Random sequences of inserts (many with keys already taken), changes, deletes, saves and rollbacks on one model
/// per supported value type carrying `@Attribute(.unique)`, run against a real store and `KeyedReference`.
@Suite struct UniqueKeyModelTests {
    static let input = zip(Gen.int(in: 0...(Keyed.types.count - 1)), KeyedStep.generator.array(of: 1...30))

    @Test func uniqueUpsertsMatchTheReference() async throws {
        await propertyCheck(count: ContextModelTests.sequences(quick: 60), input: Self.input) { type, steps in
            let problems = try KeyedRun.problems(Keyed.types[type], steps)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    /// Every type once, with a sequence that inserts each key twice across two saves.
    @Test(arguments: 0..<Keyed.types.count)
    func everyTypeUpserts(_ type: Int) throws {
        let count = Keyed.types[type].keyCount
        let inserts = (0..<count).map { KeyedStep(.insert, $0, $0) }
        let again = (0..<count).map { KeyedStep(.insert, count - 1 - $0, 7) }
        let problems = try KeyedRun.problems(
            Keyed.types[type], inserts + [KeyedStep(.save, 0, 0)] + again + again + [KeyedStep(.save, 0, 0)])
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

extension KeyedRecord {
    /// How many keys the type's table holds.
    static var keyCount: Int { keys.count }
}
