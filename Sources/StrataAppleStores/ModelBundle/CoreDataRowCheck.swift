import Foundation
import Strata

/// A verdict of a Core Data step that depends on the rows, checked against a store at the step's source version
/// (the private import of a device's store): the rows that make Core Data fail, or none.
///
/// The conditions are those Core Data's inferred mapping meets when it copies the rows: a required attribute or
/// to-one relationship added without a default needs an empty entity, an attribute made required needs no row
/// without a value (134110, "Validation error missing attribute values on mandatory destination attribute"), and
/// a new uniqueness constraint needs no two rows sharing its values (see `CoreDataVerdict.Condition`).
public struct CoreDataRowCheck: Sendable, CustomStringConvertible {
    /// The verdict checked.
    public let verdict: CoreDataVerdict
    /// The entity's name in the store (its name before a rename through a renaming identifier).
    public let storedEntity: String
    /// The rows in the way: rows of the entity, rows without the value, or groups of duplicate values.
    public let count: Int
    /// A few of them: row keys (`Book/2`) or duplicated values with their count (`(Ursula, Le Guin) x2`).
    public let samples: [String]

    /// True when the rows let Core Data make the change.
    public var passes: Bool { count == 0 }

    /// "Book.title made required: FAILS, 2 rows of Book have no title (Book/2, Book/4): Core Data stops with …".
    public var description: String {
        guard let condition = verdict.condition else { return verdict.change }
        let entity = storedEntity == verdict.entity ? verdict.entity : "\(verdict.entity) (stored as \(storedEntity))"
        let what: String
        switch condition {
        case .noRows:
            guard count > 0 else { return "\(verdict.change): passes, \(entity) has no rows" }
            what = "\(entity) has \(Self.rows(count))"
        case .noNulls(_, let attribute):
            guard count > 0 else { return "\(verdict.change): passes, every row of \(entity) has a \(attribute)" }
            what = "\(Self.rows(count)) of \(entity) \(count == 1 ? "has" : "have") no \(attribute)"
        case .noDuplicates(_, let attributes):
            let names = attributes.joined(separator: ", ")
            guard count > 0 else { return "\(verdict.change): passes, no two rows of \(entity) share \(names)" }
            what = "\(count) value\(count == 1 ? " is" : "s are") shared by several rows of \(entity) (\(names))"
        }
        let shown = samples.isEmpty ? "" : " (\(samples.joined(separator: ", ")))"
        return "\(verdict.change): FAILS, \(what)\(shown): Core Data stops with \(condition.error)"
    }

    private static func rows(_ count: Int) -> String { "\(count) row\(count == 1 ? "" : "s")" }

    /// Checks each verdict of `step` that depends on the rows against the Strata store at `store`, which is at the
    /// step's source version (`plan.schemas[step.from]`): the store's rows as Core Data's first step meets them.
    public static func checks(of step: CoreDataStep, plan: ModelBundlePlan, store: URL) throws -> [CoreDataRowCheck] {
        let dependent = step.dataDependent
        guard !dependent.isEmpty else { return [] }
        // An entity renamed through its renaming identifier has its rows under its old name in the store: the diff
        // reads them there, and the row counts are the old table's.
        let stored = { (name: String) in step.diff.renamedEntities[name] ?? name }
        let inspector = StoreInspector(url: store)
        let findings = try inspector.findings(for: step.diff)
        let counts = Dictionary(try inspector.rowCounts().map { ($0.entity, $0.rows) }, uniquingKeysWith: max)
        return dependent.compactMap { verdict -> CoreDataRowCheck? in
            guard let condition = verdict.condition else { return nil }
            switch condition {
            case .noRows(let entity):
                return CoreDataRowCheck(
                    verdict: verdict, storedEntity: stored(entity), count: counts[stored(entity)] ?? 0, samples: [])
            case .noNulls(let entity, let attribute):
                let found = findings.first {
                    $0.kind == .rowsLackingValue && $0.entity == entity && $0.property == attribute
                }
                return CoreDataRowCheck(
                    verdict: verdict, storedEntity: stored(entity), count: found?.count ?? 0,
                    samples: found?.samples ?? [])
            case .noDuplicates(let entity, let attributes):
                // A finding names one attribute alone and a group as "(a, b)", as the diff's changes do.
                let property =
                    attributes.count == 1 ? attributes[0] : "(\(attributes.joined(separator: ", ")))"
                let found = findings.first {
                    $0.kind == .duplicateGroups && $0.entity == entity && $0.property == property
                }
                return CoreDataRowCheck(
                    verdict: verdict, storedEntity: stored(entity), count: found?.count ?? 0,
                    samples: found?.samples ?? [])
            }
        }
    }
}
