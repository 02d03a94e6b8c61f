/// The rows a stage makes an entity from when its plan says so (a Core Data entity mapping from a source entity to
/// an entity the source version has not, as when one entity is split into two): one row per row of `entity` in the
/// source version, under the same key, of the rows whose `present` properties have a value and whose `absent` ones
/// have none (the mapping's filter predicate, `image != nil`).
package struct RowSource: Sendable, Hashable, CustomStringConvertible {
    /// The source version's entity.
    package let entity: String
    /// Attributes or to-one relationships a source row must have a value of.
    package let present: [String]
    /// Attributes or to-one relationships a source row must have no value of.
    package let absent: [String]

    /// The rows of `entity` whose `present` properties have a value and whose `absent` ones have none.
    package init(entity: String, present: [String] = [], absent: [String] = []) {
        self.entity = entity
        self.present = present
        self.absent = absent
    }

    /// True when every row of the entity makes one.
    package var isEveryRow: Bool { present.isEmpty && absent.isEmpty }

    /// "Person", "Person where street != nil".
    package var description: String {
        let tests = present.map { "\($0) != nil" } + absent.map { "\($0) == nil" }
        return tests.isEmpty ? entity : "\(entity) where \(tests.joined(separator: " AND "))"
    }

    /// The SQL condition over the source row `row`, nil for every row.
    func condition(row: String) -> String? {
        let tests =
            present.map { "\(quote(row)).\(quote($0)) IS NOT NULL" }
            + absent.map { "\(quote(row)).\(quote($0)) IS NULL" }
        return tests.isEmpty ? nil : tests.joined(separator: " AND ")
    }
}
