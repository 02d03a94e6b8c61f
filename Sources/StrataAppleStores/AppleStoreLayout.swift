import Foundation
internal import GRDB
import Strata

/// Where each entity of an Apple model lives in the store's SQLite file, resolved against the tables and
/// columns that really exist (so a guess that does not hold is reported, never queried).
///
/// One table per root entity (`Z` + upper-cased name) whose `Z_ENT` tells subentities apart; one column per
/// stored attribute and to-one relationship (`Z` + upper-cased name, numbered when sibling subentities declare the
/// same name: `AppleColumnAssignment`); a to-many is read through its inverse's column, through a hidden
/// `Z<ent><NAME>` column in the target table when it has no inverse, or through a join table `Z_<ent><NAME>` when
/// both sides are to-many (its columns numbered too when another join table took the name). Ordered relationships
/// keep each target's position in a `Z_FOK_` column beside the target's key column. Entity numbers are matched
/// to the model by name, then by renaming identifier; rows whose number matches no entity are counted, not dropped.
struct AppleStoreLayout: Sendable {
    /// How one relationship's pairs (owner key, target key) are read.
    enum RelationshipStorage: Hashable, Sendable {
        /// `column` of the owner's table holds the target's key.
        case ownerColumn(table: String, column: AppleColumn)
        /// `column` of the target's table holds the owner's key; `order`, when set, the target's stored position.
        case targetColumn(table: String, column: AppleColumn, order: String?)
        /// A join table with a column of owner keys and a column of target keys; `order` as above.
        case joinTable(table: String, ownerColumn: String, targetColumn: String, order: String?)
        /// No storage was found; the reason says what was looked for.
        case unresolved(String)
    }

    /// Where one entity's rows are.
    struct EntityStorage: Sendable {
        /// The root entity's table, or nil when it does not exist.
        let table: String?
        /// The entity's own `Z_ENT`.
        let entityNumber: Int64?
        /// The `Z_ENT` numbers of the entity and its subentities.
        let familyNumbers: [Int64]
        /// The column of each stored attribute found in the table, by attribute name.
        let attributeColumns: [String: AppleColumn]
        /// The storage of each stored relationship, by name.
        let relationships: [String: RelationshipStorage]
    }

    /// Each entity's storage, by entity name.
    let entities: [String: EntityStorage]
    /// Persistent-history tables (ACHANGE, ATRANSACTION, ATRANSACTIONSTRING, ...), hidden from the entity list.
    let historyTables: [String]
    /// Rows of the entity tables whose `Z_ENT` matches no entity of the model.
    let unmatchedRows: [AppleUnmatchedRows]
    /// Entities matched to their `Z_PRIMARYKEY` row by renaming identifier: (entity, name in Z_PRIMARYKEY).
    let renamedEntities: [(entity: String, storedName: String)]

    /// Resolves the layout of `model` in an open store.
    init(model: AppleModel, db: Database) throws {
        let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        var stored: [(number: Int64, name: String)] = []
        var history: [String] = []
        for row in try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY") {
            guard let number = row.integer(0), let name = row.text(1) else { continue }
            if number >= 16000, tables.contains("A" + name.uppercased()) {
                history.append("A" + name.uppercased())
            } else {
                stored.append((number, name))
            }
        }
        var numbers: [String: Int64] = [:]
        var renamed: [(entity: String, storedName: String)] = []
        for (number, name) in stored {
            if model.entity(named: name) != nil {
                numbers[name] = number
            } else if let entity = model.entities.first(where: {
                $0.renamingIdentifier == name && !stored.map(\.name).contains($0.name)
            }) {
                numbers[entity.name] = number
                renamed.append((entity.name, name))
            }
        }
        var columns: [String: Set<String>] = [:]
        for table in tables where table.hasPrefix("Z") {
            columns[table] = try Set(db.columns(in: table).map(\.name))
        }
        func tableName(_ entity: String) -> String? {
            let table = "Z" + model.root(of: entity).uppercased()
            return tables.contains(table) ? table : nil
        }
        func familyNumbers(_ entity: String) -> [Int64] { model.family(of: entity).compactMap { numbers[$0.name] } }

        // Columns of every root table's family, assigned in entity-number order.
        var assigned: [String: AppleColumn] = [:]
        for root in model.entities where root.parent == nil {
            guard let table = tableName(root.name) else { continue }
            let family = model.family(of: root.name).sorted {
                (numbers[$0.name] ?? .max, $0.name) < (numbers[$1.name] ?? .max, $1.name)
            }
            let declarations = Self.declarations(
                of: family, numbers: familyNumbers, existing: columns[table] ?? [])
            let assignment = try AppleColumnAssignment(
                declarations: declarations, existing: columns[table] ?? [],
                entitiesWithValues: { column in
                    try Set(
                        Int64.fetchAll(
                            db,
                            sql:
                                "SELECT DISTINCT Z_ENT FROM \(StoreLayout.quoted(table)) WHERE \(StoreLayout.quoted(column)) IS NOT NULL"
                        ))
                },
                holdsValueAlone: { column, others in
                    let empty = others.map { "\(StoreLayout.quoted($0)) IS NULL" }.joined(separator: " AND ")
                    return try Bool.fetchOne(
                        db,
                        sql:
                            "SELECT EXISTS (SELECT 1 FROM \(StoreLayout.quoted(table)) WHERE \(StoreLayout.quoted(column)) IS NOT NULL AND \(empty))"
                    ) ?? false
                })
            assigned.merge(assignment.columns) { first, _ in first }
        }
        /// The column of a property of `entity`, declared by it or inherited.
        func column(of property: String, in entity: String) -> AppleColumn? {
            ([entity] + model.ancestors(of: entity)).lazy.compactMap { assigned["\($0).\(property)"] }.first
        }

        var entities: [String: EntityStorage] = [:]
        for entity in model.entities {
            let table = tableName(entity.name)
            var attributeColumns: [String: AppleColumn] = [:]
            for leaf in model.storedAttributes(of: entity.name).flatMap(\.leaves) {
                attributeColumns[leaf.path] = column(of: leaf.path, in: entity.name)
            }
            var relationships: [String: RelationshipStorage] = [:]
            for relationship in model.storedRelationships(of: entity.name) {
                relationships[relationship.name] = Self.storage(
                    of: relationship, owner: entity.name, model: model, numbers: numbers,
                    table: tableName, column: column, columns: columns)
            }
            entities[entity.name] = EntityStorage(
                table: table, entityNumber: numbers[entity.name], familyNumbers: familyNumbers(entity.name),
                attributeColumns: attributeColumns, relationships: relationships)
        }
        self.entities = entities
        historyTables = history.sorted()
        renamedEntities = renamed

        // Rows no entity accounts for, in every root table.
        let known = Set(numbers.values)
        let names = Dictionary(stored.map { ($0.number, $0.name) }, uniquingKeysWith: { first, _ in first })
        var unmatched: [AppleUnmatchedRows] = []
        for table in Set(model.entities.filter { $0.parent == nil }.compactMap { tableName($0.name) }).sorted()
        where columns[table]?.contains("Z_ENT") == true {
            for row in try Row.fetchAll(
                db, sql: "SELECT Z_ENT, count(*) FROM \(StoreLayout.quoted(table)) GROUP BY Z_ENT ORDER BY Z_ENT")
            {
                let number = row.integer(0)
                guard number.map({ !known.contains($0) }) ?? true else { continue }
                unmatched.append(
                    AppleUnmatchedRows(
                        table: table, entityNumber: number, storedName: number.flatMap { names[$0] },
                        rows: row.integer(1).map { Int(truncatingIfNeeded: $0) } ?? 0))
            }
        }
        unmatchedRows = unmatched
    }

    /// The stored values of a table's entity family that need a column, in the order Core Data assigns them: the
    /// family by entity number, each entity's attributes (a composite's fields in its place) and to-one relationships
    /// by name. A field of an optional composite names the columns of its other fields whose names nothing else
    /// in the table shares, so the values can tell its column from a namesake's.
    private static func declarations(
        of family: [AppleEntity], numbers: (String) -> [Int64], existing: Set<String>
    ) -> [AppleColumnAssignment.Declaration] {
        var declarations: [AppleColumnAssignment.Declaration] = []
        var composites: [Int: [String]] = [:]
        for entity in family {
            let numbers = Set(numbers(entity.name))
            for attribute in entity.attributes where !attribute.isTransient {
                let optional = attribute.kind == .composite && attribute.isOptional
                for leaf in attribute.leaves {
                    if optional { composites[declarations.count] = attribute.leaves.map(\.path) }
                    declarations.append(
                        AppleColumnAssignment.Declaration(
                            entity: entity.name, property: leaf.path, column: leaf.attribute.name,
                            familyNumbers: numbers))
                }
            }
            for relationship in entity.relationships where !relationship.isTransient && !relationship.isToMany {
                declarations.append(
                    AppleColumnAssignment.Declaration(
                        entity: entity.name, property: relationship.name, column: relationship.name,
                        familyNumbers: numbers))
            }
        }
        // Columns that exactly one declaration can have, by its path.
        let bases = Dictionary(grouping: declarations, by: { "Z" + $0.column.uppercased() })
        var sole: [String: String] = [:]
        for (base, group) in bases where group.count == 1 && existing.contains(base) {
            sole["\(group[0].entity).\(group[0].property)"] = base
        }
        for (index, paths) in composites {
            let declaration = declarations[index]
            declarations[index].companions = paths.filter { $0 != declaration.property }.compactMap {
                sole["\(declaration.entity).\($0)"]
            }
        }
        return declarations
    }

    /// The `Z_FOK_` column beside a key column of an ordered relationship (`ZCONVERSATION` -> `Z_FOK_CONVERSATION`,
    /// `Z_13USERS` -> `Z_FOK_13USERS`), when the table has it.
    private static func orderColumn(for column: String, in table: String, columns: [String: Set<String>]) -> String? {
        let stem = column.hasPrefix("Z_") ? column.dropFirst(2) : column.dropFirst(1)
        let name = "Z_FOK_" + stem
        return columns[table]?.contains(name) == true ? name : nil
    }

    /// The entity that declares `property` for `entity`: the entity itself or the ancestor it inherits it from.
    private static func declarer(of property: String, in entity: String, model: AppleModel) -> String {
        ([entity] + model.ancestors(of: entity)).first { name in
            model.entity(named: name)?.relationships.contains { $0.name == property } == true
        } ?? entity
    }

    private static func storage(
        of relationship: AppleRelationship, owner: String, model: AppleModel, numbers: [String: Int64],
        table: (String) -> String?, column: (String, String) -> AppleColumn?, columns: [String: Set<String>]
    ) -> RelationshipStorage {
        let name = relationship.name.uppercased()
        let inverse = relationship.inverse.flatMap { inverseName in
            model.storedRelationships(of: relationship.destination).first { $0.name == inverseName }
        }
        if !relationship.isToMany {
            let ownerTable = table(owner)
            guard let found = column(relationship.name, owner), let ownerTable else {
                return .unresolved("no column Z\(name) in \(ownerTable ?? "the table of \(owner)")")
            }
            return .ownerColumn(table: ownerTable, column: found)
        }
        let targetTable = table(relationship.destination)
        func ordered(_ key: String, _ table: String) -> String? {
            relationship.isOrdered ? orderColumn(for: key, in: table, columns: columns) : nil
        }
        if let inverse, !inverse.isToMany {
            guard let found = column(inverse.name, relationship.destination), let targetTable else {
                return .unresolved(
                    "no column Z\(inverse.name.uppercased()) in \(targetTable ?? "the table of \(relationship.destination)")"
                )
            }
            return .targetColumn(table: targetTable, column: found, order: ordered(found.columns[0], targetTable))
        }
        let ownerDeclarer = declarer(of: relationship.name, in: owner, model: model)
        guard let ownerNumber = numbers[ownerDeclarer] else {
            return .unresolved("\(ownerDeclarer) has no entity number in Z_PRIMARYKEY")
        }
        guard let inverse else {
            let hidden = "Z\(ownerNumber)\(name)"
            guard let targetTable, columns[targetTable]?.contains(hidden) == true else {
                return .unresolved(
                    "no column \(hidden) in \(targetTable ?? "the table of \(relationship.destination)")")
            }
            return .targetColumn(
                table: targetTable, column: AppleColumn(columns: [hidden], uncertainty: nil),
                order: ordered(hidden, targetTable))
        }
        let targetDeclarer = declarer(of: inverse.name, in: relationship.destination, model: model)
        guard let targetNumber = numbers[targetDeclarer] else {
            return .unresolved("\(targetDeclarer) has no entity number in Z_PRIMARYKEY")
        }
        let inverseName = inverse.name.uppercased()
        let targetBase = "Z_\(targetNumber)\(name)"
        let ownerBase = "Z_\(ownerNumber)\(inverseName)"
        /// The join table's column named `base`, or `base` numbered (`Z_23USERS1`) when another join table took the name.
        func joinColumn(_ base: String, in table: String, other: String) -> String? {
            let found = (columns[table] ?? []).filter { column in
                column != other
                    && (column == base
                        || (column.hasPrefix(base) && column.dropFirst(base.count).allSatisfy(\.isNumber)))
            }
            return found.count == 1 ? found.first : nil
        }
        for candidate in ["Z_\(ownerNumber)\(name)", "Z_\(targetNumber)\(inverseName)"] where columns[candidate] != nil
        {
            // A self-referencing relationship named like its inverse has both columns of one base: the first is the owner's.
            let ownerColumn = joinColumn(
                ownerBase, in: candidate, other: ownerBase == targetBase ? ownerBase + "1" : "")
            if let ownerColumn, let targetColumn = joinColumn(targetBase, in: candidate, other: ownerColumn) {
                return .joinTable(
                    table: candidate, ownerColumn: ownerColumn, targetColumn: targetColumn,
                    order: ordered(targetColumn, candidate))
            }
        }
        return .unresolved(
            "no join table Z_\(ownerNumber)\(name) or Z_\(targetNumber)\(inverseName) with columns \(ownerBase) and \(targetBase)"
        )
    }
}

/// Rows of an Apple store's entity table whose entity number (`Z_ENT`) matches no entity of the store's model:
/// counted and reported, never silently dropped.
public struct AppleUnmatchedRows: Hashable, Sendable {
    /// The table holding them.
    public let table: String
    /// Their `Z_ENT` (nil when NULL).
    public let entityNumber: Int64?
    /// The name `Z_PRIMARYKEY` gives that number, if any.
    public let storedName: String?
    /// How many rows.
    public let rows: Int
}

extension AppleUnmatchedRows: CustomStringConvertible {
    /// "3 rows of ZMESSAGE have Z_ENT 17 (OldName in Z_PRIMARYKEY), which matches no entity of the model; they are not shown".
    public var description: String {
        let number = entityNumber.map { "Z_ENT \($0)" } ?? "no Z_ENT"
        let name = storedName.map { " (\($0) in Z_PRIMARYKEY)" } ?? " (not in Z_PRIMARYKEY)"
        return
            "\(rows) row(s) of \(table) have \(number)\(name), which matches no entity of the model; they are counted here, not shown or imported"
    }
}
