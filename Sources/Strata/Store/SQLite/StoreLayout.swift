import Foundation

/// Where a schema's entities live in SQLite: table, column, join-table and index names, and the DDL.
///
/// One table per entity named after it, with `_pk INTEGER PRIMARY KEY`, one column per attribute named after
/// it, one foreign-key column per to-one relationship named after it; a to-many relationship is read through
/// its inverse's foreign key when the inverse is to-one, and through a join table otherwise.
public struct StoreLayout {
    /// The primary-key column of every entity table.
    public static let primaryKey = "_pk"
    /// The table of key-value metadata.
    static let metadataTable = "_strata_metadata"
    /// The table of applied migration stages.
    static let historyTable = "_strata_history"

    let schema: Schema

    /// The layout of a schema's entities.
    public init(schema: Schema) { self.schema = schema }

    /// How a relationship is stored.
    public enum Storage: Equatable, Sendable {
        /// A foreign-key column on the owner's table.
        case foreignKey(column: String)
        /// The inverse's foreign-key column on the destination's table.
        case inverseForeignKey(table: String, column: String)
        /// A join table, and which of its columns holds this side's key: the side that owns the table (whose
        /// relationship names it) is in `"source"`, its inverse in `"target"`.
        case joinTable(table: String, side: JoinSide)
    }

    /// Which column of a join table holds a relationship's own key.
    public enum JoinSide: Equatable, Sendable {
        /// The relationship that owns the table (it is named after it): its key is in `"source"`.
        case source
        /// The inverse of the owning relationship: its key is in `"target"`.
        case target

        /// The column holding this side's key.
        public var ownerColumn: String { self == .source ? "source" : "target" }

        /// The column holding the destination's key.
        public var otherColumn: String { self == .source ? "target" : "source" }
    }

    /// How the relationship `name` of `entity` is stored.
    public func storage(of relationship: Schema.Relationship, in entity: Schema.Entity) -> Storage {
        if !relationship.isToMany { return .foreignKey(column: relationship.name) }
        if let inverseName = relationship.inverse,
            let inverse = schema.entitiesByName[relationship.destination]?.relationship(named: inverseName)
        {
            if !inverse.isToMany { return .inverseForeignKey(table: relationship.destination, column: inverse.name) }
            let this = "\(entity.name).\(relationship.name)"
            let other = "\(relationship.destination).\(inverse.name)"
            if other < this {
                return .joinTable(table: Self.joinTableName(relationship.destination, inverse.name), side: .target)
            }
        }
        return .joinTable(table: Self.joinTableName(entity.name, relationship.name), side: .source)
    }

    /// An SQL identifier quoted as every statement Strata (and its readers of Apple stores) writes it: `"name"`,
    /// embedded quotes doubled. GRDB's `quotedDatabaseIdentifier` does not double them, and names read from a
    /// store's file can hold quotes.
    public static func quoted(_ identifier: String) -> String { quote(identifier) }

    /// The name of the join table owned by a to-many relationship.
    static func joinTableName(_ entity: String, _ relationship: String) -> String { "_\(entity)_\(relationship)" }

    /// The statements that create every table and index of the schema.
    public func createStatements() -> [String] {
        var statements: [String] = []
        for entity in schema.entities {
            statements += createStatements(for: entity)
        }
        return statements
    }

    /// The statements that create one entity's table, indexes and owned join tables.
    func createStatements(for entity: Schema.Entity) -> [String] {
        var statements = [createTableStatement(for: entity)]
        statements += indexes(for: entity).map(\.create)
        for relationship in entity.relationships {
            if case .joinTable(let table, .source) = storage(of: relationship, in: entity) {
                statements += joinTableStatements(table: table, source: entity.name, target: relationship.destination)
            }
        }
        return statements
    }

    /// The CREATE TABLE statement of an entity: key, attribute columns, to-one foreign keys.
    ///
    /// Columns are nullable in SQL, as in Core Data's stores: a required attribute is enforced by Strata (Swift's
    /// types on save, a check at the end of every migration stage, a clear error when a fetch meets a NULL), which
    /// lets a custom stage add a required attribute and fill it in `didMigrate` before it is checked.
    func createTableStatement(for entity: Schema.Entity) -> String {
        var columns = ["\(quote(Self.primaryKey)) INTEGER PRIMARY KEY"]
        columns += entity.attributes.map(columnDefinition)
        columns += entity.relationships.filter { !$0.isToMany }.map(foreignKeyDefinition)
        return "CREATE TABLE \(quote(entity.name)) (\(columns.joined(separator: ", ")))"
    }

    /// An index of an entity's table: its name and CREATE statement.
    struct Index: Hashable {
        let name: String
        let create: String
        /// The statement that drops it.
        var drop: String { "DROP INDEX IF EXISTS \(quote(name))" }
    }

    /// The unique indexes of unique attributes and `#Unique` groups, the indexes of `#Index` groups and those
    /// of foreign-key columns.
    func indexes(for entity: Schema.Entity) -> [Index] {
        func index(_ name: String, _ columns: [String], unique: Bool) -> Index {
            let list = columns.map(quote).joined(separator: ", ")
            return Index(
                name: name,
                create: "CREATE \(unique ? "UNIQUE " : "")INDEX \(quote(name)) ON \(quote(entity.name))(\(list))")
        }
        return entity.uniqueAttributes.map {
            index(Self.uniqueIndexName(entity.name, $0.name), [$0.name], unique: true)
        }
            + entity.uniquenessConstraints.map {
                index("\(entity.name)_unique_\($0.joined(separator: "_"))", $0, unique: true)
            }
            + entity.indexes.map { index("\(entity.name)_index_\($0.joined(separator: "_"))", $0, unique: false) }
            + entity.relationships.filter { !$0.isToMany }.map {
                index("\(entity.name)_\($0.name)_fk", [$0.name], unique: false)
            }
    }

    /// The name of the unique index of an attribute.
    static func uniqueIndexName(_ entity: String, _ attribute: String) -> String { "\(entity)_\(attribute)_unique" }

    /// The column definition of an attribute (nullable; see `createTableStatement`).
    func columnDefinition(_ attribute: Schema.Attribute) -> String {
        "\(quote(attribute.name)) \(attribute.valueType.sqlType)"
    }

    /// The column definition of a to-one relationship's foreign key.
    func foreignKeyDefinition(_ relationship: Schema.Relationship) -> String {
        "\(quote(relationship.name)) INTEGER REFERENCES \(quote(relationship.destination))(\(quote(Self.primaryKey))) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED"
    }

    /// The statements that create a join table between two entities.
    func joinTableStatements(table: String, source: String, target: String) -> [String] {
        let pk = quote(Self.primaryKey)
        return [
            """
            CREATE TABLE \(quote(table)) ("source" INTEGER NOT NULL REFERENCES \(quote(source))(\(pk)) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, \
            "target" INTEGER NOT NULL REFERENCES \(quote(target))(\(pk)) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, \
            "position" INTEGER NOT NULL DEFAULT 0, PRIMARY KEY ("source", "target")) WITHOUT ROWID
            """,
            "CREATE INDEX \(quote("\(table)_target")) ON \(quote(table))(\"target\")",
        ]
    }
}

/// Quotes an SQL identifier: `"name"`, with embedded quotes doubled.
func quote(_ identifier: String) -> String {
    // Most names hold no quote: skipping Foundation's search-and-replace matters where SQL is built per row.
    guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
    return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
