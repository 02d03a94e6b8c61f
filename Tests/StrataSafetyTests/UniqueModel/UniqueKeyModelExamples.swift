import Foundation
import Testing

/// Shrunk counterexamples the unique-key property found, kept as regular tests.
extension UniqueKeyModelTests {
    static let examples: [(type: Int, steps: [KeyedStep])] = [
        // A saved row changed, then a new model with its key inserted, in one save: the change was written after
        // the upsert, leaving a row mixing the new model's values with the stale change.
        (
            0,
            [
                KeyedStep(.insert, 826, 0), KeyedStep(.save, 0, 0), KeyedStep(.renote, 0, 0),
                KeyedStep(.insert, 683, 0), KeyedStep(.save, 0, 0),
            ]
        )
    ]

    @Test(arguments: 0..<examples.count)
    func keptExample(_ index: Int) throws {
        let example = Self.examples[index]
        let problems = try KeyedRun.problems(Keyed.types[example.type], example.steps)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
