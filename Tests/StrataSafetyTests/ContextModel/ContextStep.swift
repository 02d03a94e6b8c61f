import PropertyBased

/// What one step of a context sequence does.
enum ContextOperation: Int, CaseIterable, Sendable {
    case insertSample, changeSample, deleteSample, insertOwner, renameOwner, insertPet, insertClub
    case link, unlink, join, leave, deleteOwner, deletePet, deleteClub
    case save, rollback, fetch, count, enumerate, peek
}

/// One step of a context sequence: an operation and two numbers that pick its targets, values, predicate and sort.
struct ContextStep: Equatable, Sendable, CustomStringConvertible {
    var operation: ContextOperation
    var a: Int
    var b: Int

    init(_ operation: ContextOperation, _ a: Int, _ b: Int) {
        self.operation = operation
        self.a = a
        self.b = b
    }

    var description: String { "ContextStep(.\(operation), \(a), \(b))" }

    /// Operations weighted by how often a sequence should meet them (shrinking goes towards the first).
    static let weighted: [ContextOperation] = [
        .save, .insertSample, .insertSample, .insertOwner, .insertPet, .insertPet, .link, .link, .link, .save, .fetch,
        .fetch, .changeSample, .insertClub, .join, .join, .deleteOwner, .deletePet, .deleteClub, .deleteSample, .unlink,
        .leave, .renameOwner, .rollback, .count, .enumerate, .peek, .save, .fetch, .link, .changeSample,
    ]

    /// Random steps.
    static let generator = zip(Gen.int(in: 0...(weighted.count - 1)), Gen.int(in: 0...9999), Gen.int(in: 0...9999))
        .map { ContextStep(weighted[$0.0], $0.1, $0.2) }
}
