import Foundation
import Testing

/// Shrunk counterexamples the context property found, kept as regular tests.
extension ContextModelTests {
    static let examples: [[ContextStep]] = [
        // An owner joined to a club and deleted in the same save: the owner, still recorded as changed, had its
        // join-table row written after its own row was deleted ("FOREIGN KEY constraint failed").
        [ContextStep(.insertOwner, 0, 0), ContextStep(.insertClub, 0, 0), ContextStep(.save, 0, 0), ContextStep(.join, 0, 0),
         ContextStep(.deleteOwner, 0, 0), ContextStep(.save, 0, 0)],
    ]

    @Test(arguments: 0..<examples.count)
    func keptExample(_ index: Int) throws {
        let problems = try VaultRun.problems(Self.examples[index])
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
