import Foundation
import Testing

/// Shrunk counterexamples the context property found, kept as regular tests.
extension ContextModelTests {
    static let examples: [[ContextStep]] = [
        // An owner joined to a club and deleted in the same save: the owner, still recorded as changed, had its
        // join-table row written after its own row was deleted ("FOREIGN KEY constraint failed").
        [
            ContextStep(.insertOwner, 0, 0), ContextStep(.insertClub, 0, 0), ContextStep(.save, 0, 0),
            ContextStep(.join, 0, 0),
            ContextStep(.deleteOwner, 0, 0), ContextStep(.save, 0, 0),
        ],
        // A saved owner that is a pet's vet (`.deny` on the owner's side), deleted, then the pet's vet cleared: the
        // pet no longer refers to the owner, yet the save was refused, because clearing the to-one skipped the
        // deleted owner and left the pet in its `treated` list (found by the long profile).
        [
            ContextStep(.insertPet, 0, 0), ContextStep(.insertOwner, 0, 0), ContextStep(.link, 0, 1462),
            ContextStep(.save, 0, 0),
            ContextStep(.deleteOwner, 0, 0), ContextStep(.link, 0, 490), ContextStep(.save, 0, 0),
        ],
    ]

    @Test(arguments: 0..<examples.count)
    func keptExample(_ index: Int) throws {
        let problems = try VaultRun.problems(Self.examples[index])
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
