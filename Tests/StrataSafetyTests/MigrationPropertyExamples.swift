import Foundation
import Testing

/// Fixed inputs for the family's property, kept as regular tests: the edges the generator aims at, and the
/// shrunk counterexamples it found.
extension MigrationPropertyTests {
    static let examples: [(rows: [FamilyRow], path: [Int])] = [
        ([], [0, 1, 2, 3]),
        ([FamilyRow(name: "\u{1}\u{1B}", count: .min, score: -0.0, label: nil, payload: Data())], [0, 3]),
        ([FamilyRow(name: "", count: .max, score: 1e12, label: "a", payload: Data([0, 255]))], [0, 1, 2, 3]),
        // Duplicate labels: 4.0.0's unique constraint must fail, in the dry run and the real run alike.
        (
            [
                FamilyRow(name: "x", count: 0, score: 0, label: "a", payload: nil),
                FamilyRow(name: "y", count: 1, score: 1, label: "a", payload: nil),
            ], [0, 1, 3]
        ),
        (
            [
                FamilyRow(name: "x", count: 0, score: 0, label: nil, payload: nil),
                FamilyRow(name: "y", count: 1, score: 1, label: nil, payload: nil),
            ], [0, 3]
        ),
    ]

    @Test(arguments: 0..<examples.count)
    func keptExample(_ index: Int) throws {
        let example = Self.examples[index]
        let problems = try FamilyProperty.problems(rows: example.rows, path: example.path)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
