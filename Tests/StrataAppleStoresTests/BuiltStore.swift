import Foundation
import GRDB

/// A Core Data store written by a test, for layouts no fixture covers, following what the real stores show:
/// - Z_PRIMARYKEY(Z_ENT, Z_NAME, Z_SUPER, Z_MAX) and Z_METADATA(Z_VERSION, Z_UUID, Z_PLIST) with
///   NSStoreModelVersionHashes, as in every fixture (fixtures README);
/// - Z_MODELCACHE(Z_CONTENT): raw DEFLATE of an NSKeyedArchiver plist whose root NSManagedObjectModel has NSEntities
///   (name -> NSEntityDescription with NSEntityName, NSSuperentity, NSIsAbstract, NSRenamingIdentifier, NSProperties);
///   a subentity repeats its inherited properties in NSProperties, as store2-101-0 of coredata-wire does;
///   attributes carry NSPropertyName, NSAttributeType, NSIsOptional, NSIsTransient; relationships
///   _NSDestinationEntityName, _NSInverseRelationshipName, NSMaxCount (1 for to-one), NSIsOrdered (coredata-wire);
///   a composite attribute is an NSCompositeAttributeDescription of type 2100 whose NSCompositeElements array holds
///   its fields, attributes or composites in turn (swiftdata-metacocktails);
/// - entity tables created by the test's own SQL.
struct BuiltStore {
    /// One property of a built model.
    enum Property: Sendable {
        /// An attribute; `flags` is its archive's `NSFlagsKey` (4 external storage, 0x10 kept in the history on
        /// deletion).
        case attribute(String, type: Int, transient: Bool = false, flags: Int = 0)
        case relationship(String, destination: String, inverse: String?, toMany: Bool, ordered: Bool = false)
        /// A composite attribute (optional) with its fields.
        indirect case composite(String, fields: [Property])

        var name: String {
            switch self {
            case .attribute(let name, _, _, _), .relationship(let name, _, _, _, _), .composite(let name, _): name
            }
        }
    }

    /// One entity of a built model: its own properties (inherited ones are repeated in the archive).
    struct Entity: Sendable {
        let name: String
        var parent: String?
        var abstract = false
        var renamingIdentifier: String?
        let properties: [Property]
        /// NSUniqueTuples: property names unique together.
        var uniqueTuples: [[String]] = []
    }

    /// Writes a store at `url`: the model, `Z_PRIMARYKEY` rows (number, stored name, parent number), then `sql`.
    static func write(at url: URL, entities: [Entity], primaryKeys: [(Int, String, Int)], sql: String) throws {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        let hashes = Dictionary(
            uniqueKeysWithValues: entities.map { ($0.name, Data(repeating: UInt8($0.name.count), count: 32)) })
        let metadata = try PropertyListSerialization.data(
            fromPropertyList: [
                "NSStoreModelVersionHashes": hashes, "NSStoreModelVersionIdentifiers": ["1.0.0"],
                "NSStoreType": "SQLite",
            ],
            format: .binary, options: 0)
        let cache = try rawDeflate(archive(entities))
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                    CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
                    CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
                    """)
            for (number, name, parent) in primaryKeys {
                try db.execute(sql: "INSERT INTO Z_PRIMARYKEY VALUES (?, ?, ?, 0)", arguments: [number, name, parent])
            }
            try db.execute(sql: "INSERT INTO Z_METADATA VALUES (1, 'BUILT-STORE', ?)", arguments: [metadata])
            try db.execute(sql: "INSERT INTO Z_MODELCACHE VALUES (?)", arguments: [cache])
            try db.execute(sql: sql)
        }
    }

    /// The keyed archive of the model, as a binary property list.
    private static func archive(_ entities: [Entity]) throws -> Data {
        var objects: [String] = ["<string>$null</string>"]
        func add(_ xml: String) -> Int {
            objects.append(xml)
            return objects.count - 1
        }
        func uid(_ index: Int) -> String { "<dict><key>CF$UID</key><integer>\(index)</integer></dict>" }
        func string(_ text: String) -> Int { add("<string>\(text)</string>") }
        func className(_ name: String) -> Int {
            add(
                "<dict><key>$classname</key><string>\(name)</string><key>$classes</key><array><string>\(name)</string></array></dict>"
            )
        }
        let dictionaryClass = className("NSDictionary")
        let entityClass = className("NSEntityDescription")
        let attributeClass = className("NSAttributeDescription")
        let relationshipClass = className("NSRelationshipDescription")
        let arrayClass = className("NSArray")
        func array(_ elements: [Int]) -> Int {
            add(
                "<dict><key>NS.objects</key><array>\(elements.map(uid).joined())</array><key>$class</key>\(uid(arrayClass))</dict>"
            )
        }
        let compositeClass = className("NSCompositeAttributeDescription")
        /// The object of a composite attribute, its fields' objects written first.
        func composite(_ name: String, _ fields: [Property]) -> Int {
            let elements = fields.compactMap { field -> Int? in
                switch field {
                case .attribute(let fieldName, let type, _, _):
                    add(
                        """
                        <dict><key>NSPropertyName</key>\(uid(string(fieldName)))<key>NSAttributeType</key><integer>\(type)</integer>\
                        <key>NSIsOptional</key><true/><key>$class</key>\(uid(attributeClass))</dict>
                        """)
                case .composite(let fieldName, let nested): composite(fieldName, nested)
                case .relationship: nil
                }
            }
            return add(
                """
                <dict><key>NSPropertyName</key>\(uid(string(name)))<key>NSAttributeType</key><integer>2100</integer>\
                <key>NSIsOptional</key><true/><key>NSCompositeElements</key>\(uid(array(elements)))<key>$class</key>\(uid(compositeClass))</dict>
                """)
        }
        let byName = Dictionary(uniqueKeysWithValues: entities.map { ($0.name, $0) })
        func allProperties(_ entity: Entity) -> [Property] {
            (entity.parent.flatMap { byName[$0] }.map(allProperties) ?? []) + entity.properties
        }
        // Entities are objects 1 + 2i (the NSEntityName string right after each), placed before anything else.
        let root = add("") // filled in at the end
        var entityIndexes: [String: Int] = [:]
        for entity in entities {
            entityIndexes[entity.name] = add("")
            _ = string(entity.name)
        }
        for entity in entities {
            guard let index = entityIndexes[entity.name] else { continue }
            var keys: [Int] = []
            var values: [Int] = []
            for property in allProperties(entity) {
                keys.append(string(property.name))
                switch property {
                case .attribute(let name, let type, let transient, let flags):
                    values.append(
                        add(
                            """
                            <dict><key>NSPropertyName</key>\(uid(string(name)))<key>NSAttributeType</key><integer>\(type)</integer>\
                            <key>NSFlagsKey</key><integer>\(flags)</integer><key>NSIsOptional</key><true/><key>NSIsTransient</key>\(transient ? "<true/>" : "<false/>")<key>$class</key>\(uid(attributeClass))</dict>
                            """))
                case .composite(let name, let fields):
                    values.append(composite(name, fields))
                case .relationship(let name, let destination, let inverse, let toMany, let ordered):
                    let inverseXML = inverse.map { "<key>_NSInverseRelationshipName</key>\(uid(string($0)))" } ?? ""
                    values.append(
                        add(
                            """
                            <dict><key>NSPropertyName</key>\(uid(string(name)))<key>_NSDestinationEntityName</key>\(uid(string(destination)))\
                            \(inverseXML)<key>NSMaxCount</key><integer>\(toMany ? 0 : 1)</integer><key>NSIsOptional</key><true/>\
                            <key>NSIsOrdered</key>\(ordered ? "<true/>" : "<false/>")<key>$class</key>\(uid(relationshipClass))</dict>
                            """))
                }
            }
            let properties = add(
                "<dict><key>NS.keys</key><array>\(keys.map(uid).joined())</array><key>NS.objects</key><array>\(values.map(uid).joined())</array><key>$class</key>\(uid(dictionaryClass))</dict>"
            )
            let parent = entity.parent.flatMap { entityIndexes[$0] }.map { "<key>NSSuperentity</key>\(uid($0))" } ?? ""
            let renaming = entity.renamingIdentifier.map { "<key>NSRenamingIdentifier</key>\(uid(string($0)))" } ?? ""
            let tuples =
                entity.uniqueTuples.isEmpty
                ? "" : "<key>NSUniqueTuples</key>\(uid(array(entity.uniqueTuples.map { array($0.map(string)) })))"
            objects[index] = """
                <dict><key>NSEntityName</key>\(uid(index + 1))\(parent)\(renaming)\(tuples)<key>NSIsAbstract</key>\(entity.abstract ? "<true/>" : "<false/>")\
                <key>NSProperties</key>\(uid(properties))<key>$class</key>\(uid(entityClass))</dict>
                """
        }
        let entityKeys = entities.compactMap { entityIndexes[$0.name].map { $0 + 1 } }
        let entityValues = entities.compactMap { entityIndexes[$0.name] }
        let entityDictionary = add(
            "<dict><key>NS.keys</key><array>\(entityKeys.map(uid).joined())</array><key>NS.objects</key><array>\(entityValues.map(uid).joined())</array><key>$class</key>\(uid(dictionaryClass))</dict>"
        )
        objects[root] =
            "<dict><key>NSEntities</key>\(uid(entityDictionary))<key>$class</key>\(uid(className("NSManagedObjectModel")))</dict>"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$version</key><integer>100000</integer>
            <key>$top</key><dict><key>root</key>\(uid(root))</dict>
            <key>$objects</key><array>\(objects.joined())</array>
            </dict></plist>
            """
        let plist = try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil)
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }
}
