import Foundation
internal import GRDB
import Strata

/// Where one stored property (an attribute or a to-one relationship) keeps its values in its root entity's table.
///
/// Usually one column, `Z` + upper-cased name. When sibling subentities declare properties of the same name, Core
/// Data gives each its own column in the shared table, the later ones numbered (`ZTEXT`, `ZTEXT1`): see
/// `AppleColumnAssignment`. When the column could not be determined, `columns` holds every candidate and a row's
/// value is the one candidate that holds a value (Core Data leaves the columns of other entities NULL).
struct AppleColumn: Hashable, Sendable {
    /// The column, or the candidates when `uncertainty` is set.
    let columns: [String]
    /// Why the column is not known for certain; nil when it is.
    let uncertainty: String?

    /// The SQL expression that reads the value: the quoted column, or the first non-NULL candidate.
    var expression: String {
        columns.count == 1
            ? StoreLayout.quoted(columns[0])
            : "COALESCE(" + columns.map(StoreLayout.quoted).joined(separator: ", ") + ")"
    }
}

/// Assigns columns to the properties of one table's entity family the way Core Data does, and checks the
/// assignment against the values.
///
/// The rule, read from the wire fixtures' `CREATE TABLE` statements and values: Core Data walks the family in
/// entity-number (`Z_ENT`) order; each entity's own property takes `Z` + its upper-cased name, or, when an earlier
/// entity of the family already took that name, the same name followed by 1, 2, ... (`ZTEXT` for SystemMessage,
/// `ZTEXT1` for TextMessage; `ZDELIVERED` for AssetClientMessage, `ZDELIVERED1` for ClientMessage). Because a row
/// holds values only in its own entity's columns, the values can confirm or refute the rule: a numbered column
/// holding values in rows of an entity that does not have the property refutes it. Then the one assignment the
/// values allow is taken; when none or several are possible, the property is marked uncertain.
///
/// The fields of a composite attribute (a SwiftData Codable struct) are stored one column each, named after the
/// field, in the entity's property order (by name): a struct `author` with a field `id` in an entity that has its
/// own `id` gets `ZID`, the entity's `id` `ZID1` (read from the metacocktails fixture, whose 28 cocktails without an
/// author have `ZID` NULL and `ZID1` set). There the values check the rule too: a field of an optional struct holds
/// no value in a row where every other field of the struct is NULL (the struct is nil).
struct AppleColumnAssignment {
    /// One stored value that needs a column: its declaring entity, its path (`title`, or `author.id` for a field of a
    /// composite), the name its column is made from (`title`, `id`), the `Z_ENT` numbers of the declarer's family,
    /// and, for a field of an optional composite, the columns of the composite's other fields.
    struct Declaration {
        let entity: String
        let property: String
        let column: String
        let familyNumbers: Set<Int64>
        var companions: [String] = []
    }

    /// The column of each declaration, by "entity.property"; declarations without any column are absent.
    let columns: [String: AppleColumn]

    /// Assigns columns to `declarations` (in the family's entity-number order) among `existing`, the table's columns;
    /// `entitiesWithValues` answers which `Z_ENT` numbers hold a value in a column, `holdsValueAlone` whether a
    /// column holds a value in a row where all the given other columns are NULL.
    init(
        declarations: [Declaration], existing: Set<String>, entitiesWithValues: (String) throws -> Set<Int64>,
        holdsValueAlone: (String, [String]) throws -> Bool
    ) throws {
        var result: [String: AppleColumn] = [:]
        var groups: [String: [Declaration]] = [:]
        var order: [String] = []
        for declaration in declarations {
            let base = "Z" + declaration.column.uppercased()
            if groups[base] == nil { order.append(base) }
            groups[base, default: []].append(declaration)
        }
        for base in order {
            let group = groups[base] ?? []
            // Columns named like this property's, numbered, and not some other property's own name (a property "text1").
            let candidates = existing.filter { column in
                column == base
                    || (column.hasPrefix(base) && column.count > base.count
                        && column.dropFirst(base.count).allSatisfy(\.isNumber) && groups[column] == nil)
            }.sorted { ($0.count, $0) < ($1.count, $1) }
            guard !candidates.isEmpty else { continue }
            if group.count == 1 {
                let declaration = group[0]
                result[Self.key(declaration)] =
                    existing.contains(base)
                    ? AppleColumn(columns: [base], uncertainty: nil)
                    : AppleColumn(
                        columns: candidates,
                        uncertainty: "no column \(base); read from \(candidates.joined(separator: ", "))")
                continue
            }
            let ruled = group.indices.map { $0 == 0 ? base : base + String($0) }
            var holders: [String: Set<Int64>] = [:]
            for column in candidates { holders[column] = try entitiesWithValues(column) }
            // Whether a column may hold the values of a field of an optional composite (never where the others are NULL).
            var alone: [String: Bool] = [:]
            for (declaration, column) in group.flatMap({ declaration in candidates.map { (declaration, $0) } })
            where !declaration.companions.isEmpty {
                alone["\(Self.key(declaration)) \(column)"] = try holdsValueAlone(column, declaration.companions)
            }
            func fits(_ assignment: [String]) -> Bool {
                // Every candidate's values lie in rows of the declaration it is assigned to, and unassigned ones are empty.
                for column in candidates {
                    let holding = holders[column] ?? []
                    if let index = assignment.firstIndex(of: column) {
                        guard holding.isSubset(of: group[index].familyNumbers),
                            alone["\(Self.key(group[index])) \(column)"] != true
                        else { return false }
                    } else if !holding.isEmpty {
                        return false
                    }
                }
                return true
            }
            let chosen: [String]?
            let ruleHolds = Set(ruled).isSubset(of: existing)
            if ruleHolds, fits(ruled) {
                chosen = ruled
            } else {
                let possible = Self.arrangements(of: candidates, count: group.count).filter(fits)
                chosen = possible.count == 1 ? possible[0] : nil
            }
            let oneEntity = Set(group.map(\.entity)).count == 1
            for (index, declaration) in group.enumerated() {
                if let chosen {
                    result[Self.key(declaration)] = AppleColumn(columns: [chosen[index]], uncertainty: nil)
                } else if oneEntity, ruleHolds {
                    // One row holds all of them: read each from the column the rule gives, and say the values disagree.
                    let paths = group.map(\.property).joined(separator: ", ")
                    result[Self.key(declaration)] = AppleColumn(
                        columns: [ruled[index]],
                        uncertainty:
                            "\(paths) of \(declaration.entity) all take a column named \(base); Core Data's rule gives this one \(ruled[index]), but the values do not bear that out and no other assignment of \(candidates.joined(separator: ", ")) fits them alone, so it may be another's"
                    )
                } else {
                    let names = group.map(\.entity).joined(separator: ", ")
                    result[Self.key(declaration)] = AppleColumn(
                        columns: candidates,
                        uncertainty:
                            "\(names) each declare \(declaration.property); which of \(candidates.joined(separator: ", ")) is \(declaration.entity)'s could not be determined from the model or the values, so each row shows the one that holds a value"
                    )
                }
            }
        }
        columns = result
    }

    /// The key of a declaration in `columns`.
    static func key(_ declaration: Declaration) -> String { "\(declaration.entity).\(declaration.property)" }

    /// Every ordered choice of `count` distinct columns (few: siblings declaring one name are a handful).
    private static func arrangements(of columns: [String], count: Int) -> [[String]] {
        guard count > 0 else { return [[]] }
        guard columns.count >= count, columns.count <= 8 else { return [] }
        return columns.flatMap { first in
            arrangements(of: columns.filter { $0 != first }, count: count - 1).map { [first] + $0 }
        }
    }
}
