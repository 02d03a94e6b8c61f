import Foundation
import GRDB

/// Where each entity of an Apple model lives in the store's SQLite file, resolved against the tables and
/// columns that really exist (so a guess that does not hold is reported, never queried).
///
/// One table per root entity (`Z` + upper-cased name) whose `Z_ENT` tells subentities apart; one column per
/// attribute (`Z` + upper-cased name); a to-one is an integer column of the target's `Z_PK`; a to-many is
/// read through its inverse's column, through a hidden `Z<ent><NAME>` column in the target table when it has
/// no inverse, or through a join table `Z_<ent><NAME>` when both sides are to-many.
struct AppleStoreLayout: Sendable {
    /// How one relationship's pairs (owner key, target key) are read.
    enum RelationshipStorage: Hashable, Sendable {
        /// `column` of the owner's table holds the target's key.
        case ownerColumn(table: String, column: String)
        /// `column` of the target's table holds the owner's key.
        case targetColumn(table: String, column: String)
        /// A join table with a column of owner keys and a column of target keys.
        case joinTable(table: String, ownerColumn: String, targetColumn: String)
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
        /// The column of each attribute found in the table, by attribute name.
        let attributeColumns: [String: String]
        /// The storage of each relationship, by name.
        let relationships: [String: RelationshipStorage]
    }

    /// Each entity's storage, by entity name.
    let entities: [String: EntityStorage]
    /// Persistent-history tables (ACHANGE, ATRANSACTION, ATRANSACTIONSTRING, ...), hidden from the entity list.
    let historyTables: [String]

    /// Resolves the layout of `model` in an open store.
    init(model: AppleModel, db: Database) throws {
        let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        var numbers: [String: Int64] = [:]
        var history: [String] = []
        for row in try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY") {
            guard let number = row[0] as Int64?, let name = row[1] as String? else { continue }
            if number >= 16000, tables.contains("A" + name.uppercased()) {
                history.append("A" + name.uppercased())
            } else {
                numbers[name] = number
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
        func column(_ name: String, in table: String?) -> String? {
            guard let table, columns[table]?.contains(name) == true else { return nil }
            return name
        }
        var entities: [String: EntityStorage] = [:]
        for entity in model.entities {
            let table = tableName(entity.name)
            var attributeColumns: [String: String] = [:]
            for attribute in model.allAttributes(of: entity.name) {
                attributeColumns[attribute.name] = column("Z" + attribute.name.uppercased(), in: table)
            }
            var relationships: [String: RelationshipStorage] = [:]
            for relationship in model.allRelationships(of: entity.name) {
                relationships[relationship.name] = Self.storage(
                    of: relationship, owner: entity.name, model: model, numbers: numbers,
                    table: tableName, column: column, tables: tables)
            }
            entities[entity.name] = EntityStorage(
                table: table, entityNumber: numbers[entity.name],
                familyNumbers: model.family(of: entity.name).compactMap { numbers[$0.name] },
                attributeColumns: attributeColumns, relationships: relationships)
        }
        self.entities = entities
        historyTables = history.sorted()
    }

    private static func storage(
        of relationship: AppleRelationship, owner: String, model: AppleModel, numbers: [String: Int64],
        table: (String) -> String?, column: (String, String?) -> String?, tables: Set<String>
    ) -> RelationshipStorage {
        let name = relationship.name.uppercased()
        let inverse = relationship.inverse.flatMap { inverseName in
            model.allRelationships(of: relationship.destination).first { $0.name == inverseName }
        }
        if !relationship.isToMany {
            let ownerTable = table(owner)
            guard let found = column("Z" + name, ownerTable), let ownerTable else {
                return .unresolved("no column Z\(name) in \(ownerTable ?? "the table of \(owner)")")
            }
            return .ownerColumn(table: ownerTable, column: found)
        }
        let targetTable = table(relationship.destination)
        if let inverse, !inverse.isToMany {
            guard let found = column("Z" + inverse.name.uppercased(), targetTable), let targetTable else {
                return .unresolved("no column Z\(inverse.name.uppercased()) in \(targetTable ?? "the table of \(relationship.destination)")")
            }
            return .targetColumn(table: targetTable, column: found)
        }
        guard let ownerNumber = numbers[owner], let targetNumber = numbers[relationship.destination] else {
            return .unresolved("\(owner) or \(relationship.destination) has no entity number in Z_PRIMARYKEY")
        }
        guard let inverse else {
            let hidden = "Z\(ownerNumber)\(name)"
            guard let found = column(hidden, targetTable), let targetTable else {
                return .unresolved("no column \(hidden) in \(targetTable ?? "the table of \(relationship.destination)")")
            }
            return .targetColumn(table: targetTable, column: found)
        }
        let inverseName = inverse.name.uppercased()
        let targetColumn = "Z_\(targetNumber)\(name)"
        let ownerColumn = "Z_\(ownerNumber)\(inverseName)"
        for candidate in ["Z_\(ownerNumber)\(name)", "Z_\(targetNumber)\(inverseName)"] where tables.contains(candidate) {
            if column(targetColumn, candidate) != nil, column(ownerColumn, candidate) != nil {
                return .joinTable(table: candidate, ownerColumn: ownerColumn, targetColumn: targetColumn)
            }
        }
        return .unresolved("no join table Z_\(ownerNumber)\(name) or Z_\(targetNumber)\(inverseName) with columns \(ownerColumn) and \(targetColumn)")
    }
}
