import PropertyBased

/// What one step of a unique-key sequence does.
enum KeyedOperation: Int, CaseIterable, Sendable {
    case insert, save, renote, delete, rollback, count, peek
}

/// One step of a unique-key sequence: an operation and two numbers picking its key, target and note.
struct KeyedStep: Equatable, Sendable, CustomStringConvertible {
    var operation: KeyedOperation
    var a: Int
    var b: Int

    init(_ operation: KeyedOperation, _ a: Int, _ b: Int) {
        self.operation = operation
        self.a = a
        self.b = b
    }

    var description: String { "KeyedStep(.\(operation), \(a), \(b))" }

    /// Operations weighted by how often a sequence should meet them (shrinking goes towards the first).
    static let weighted: [KeyedOperation] = [
        .insert, .insert, .insert, .save, .save, .renote, .delete, .rollback, .count, .peek, .insert,
    ]

    /// Random steps.
    static let generator = zip(Gen.int(in: 0...(weighted.count - 1)), Gen.int(in: 0...999), Gen.int(in: 0...999))
        .map { KeyedStep(weighted[$0.0], $0.1, $0.2) }
}
