import Foundation
import Strata
import StrataText

/// Walks the keyed archive of an `NSManagedObjectModel` (the inflated Z_MODELCACHE) into an `AppleModel`.
///
/// Only the keys Core Data writes for entities, attributes and relationships are read; every reference is
/// resolved through `KeyedArchive`, which checks bounds and types. Default values are decoded with a depth
/// limit and a set of objects being decoded, so a reference cycle is reported instead of followed.
struct ModelArchiveDecoder {
    private let archive: KeyedArchive
    /// The deepest nesting of a default value accepted (arrays in arrays ...).
    private static let maximumDepth = 32

    /// Decodes the model archived in `archive`.
    static func decode(_ archive: KeyedArchive) throws -> AppleModel {
        try ModelArchiveDecoder(archive: archive).model()
    }

    private func model() throws -> AppleModel {
        let root = try archive.dictionary(archive.root, "the root object")
        let rootClass = try archive.className(of: root)
        guard rootClass == "NSManagedObjectModel" else {
            throw KeyedArchive.Failure(description: "the root object is a \(rootClass), not an NSManagedObjectModel")
        }
        guard let entitiesIndex = try archive.reference("NSEntities", in: root) else {
            throw KeyedArchive.Failure(description: "the model has no NSEntities")
        }
        let entityEntries = try archive.entries(of: entitiesIndex, "the model's entities")
        var names: [Int: String] = [:]
        for entry in entityEntries {
            let object = try archive.dictionary(entry.value, "entity \(entry.key)")
            names[entry.value] = try archive.string("NSEntityName", in: object) ?? entry.key
        }
        var entities = try entityEntries.map { try entity(at: $0.value, names: names) }
        entities.sort { $0.name < $1.name }
        try checkInheritance(entities)
        entities = Self.withoutInheritedCopies(entities)
        var identifiers: [String] = []
        if let versions = try archive.reference("NSVersionIdentifiers", in: root) {
            identifiers = try archive.elements(of: versions, "the version identifiers").compactMap {
                try archive.object($0) as? String
            }
        }
        return AppleModel(entities: entities, versionIdentifiers: identifiers.sorted())
    }

    /// Each entity with only the properties it declares itself: newer archives repeat an entity's inherited
    /// properties in its own `NSProperties` (older ones write `_NSPropertyDescriptionProxy`s, skipped when read),
    /// and Core Data forbids a subentity to redeclare an inherited name, so a name an ancestor has is inherited.
    private static func withoutInheritedCopies(_ entities: [AppleEntity]) -> [AppleEntity] {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return entities.map { entity in
            var inherited: Set<String> = []
            var parent = entity.parent.flatMap { byName[$0] }
            while let ancestor = parent {
                inherited.formUnion(
                    ancestor.attributes.map(\.name) + ancestor.relationships.map(\.name) + ancestor.otherProperties)
                parent = ancestor.parent.flatMap { byName[$0] }
            }
            guard !inherited.isEmpty else { return entity }
            return AppleEntity(
                name: entity.name, parent: entity.parent, className: entity.className,
                renamingIdentifier: entity.renamingIdentifier, isAbstract: entity.isAbstract,
                attributes: entity.attributes.filter { !inherited.contains($0.name) },
                relationships: entity.relationships.filter { !inherited.contains($0.name) },
                otherProperties: entity.otherProperties.filter { !inherited.contains($0) },
                uniqueTuples: entity.uniqueTuples)
        }
    }

    /// Refuses parents that are not entities of the model and inheritance chains that loop.
    private func checkInheritance(_ entities: [AppleEntity]) throws {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in entities {
            var seen: Set<String> = [entity.name]
            var current = entity
            while let parent = current.parent {
                guard let next = byName[parent] else {
                    throw KeyedArchive.Failure(
                        description: "entity \(current.name) inherits from \(parent), which is not in the model")
                }
                guard seen.insert(parent).inserted else {
                    throw KeyedArchive.Failure(
                        description:
                            "the inheritance of entity \(entity.name) is a cycle (\(seen.sorted().joined(separator: ", ")))"
                    )
                }
                current = next
            }
        }
    }

    private func entity(at index: Int, names: [Int: String]) throws -> AppleEntity {
        let object = try archive.dictionary(index, "an entity")
        guard let name = names[index] else {
            throw KeyedArchive.Failure(description: "object #\(index) is not an entity of the model")
        }
        var parent: String?
        if let parentIndex = try archive.reference("NSSuperentity", in: object) {
            guard let parentName = names[parentIndex] else {
                throw KeyedArchive.Failure(
                    description:
                        "entity \(name) inherits from object #\(parentIndex), which is not an entity of the model")
            }
            parent = parentName
        }
        var attributes: [AppleAttribute] = []
        var relationships: [AppleRelationship] = []
        var others: [String] = []
        if let properties = try archive.reference("NSProperties", in: object) {
            for entry in try archive.entries(of: properties, "the properties of \(name)") {
                let property = try archive.dictionary(entry.value, "property \(name).\(entry.key)")
                switch try archive.className(of: property) {
                case "NSAttributeDescription", "NSDerivedAttributeDescription", "NSCompositeAttributeDescription":
                    attributes.append(try attribute(property, name: entry.key, entity: name))
                case "NSRelationshipDescription":
                    relationships.append(try relationship(property, name: entry.key, entity: name, names: names))
                case "_NSPropertyDescriptionProxy":
                    continue // an inherited property, declared by an ancestor
                default:
                    others.append(entry.key)
                }
            }
        }
        var tuples: [[String]] = []
        if let unique = try archive.reference("NSUniqueTuples", in: object) {
            for tuple in try archive.elements(of: unique, "the unique constraints of \(name)") {
                tuples.append(
                    try archive.elements(of: tuple, "a unique constraint of \(name)").map { element in
                        guard let propertyName = try archive.object(element) as? String else {
                            throw KeyedArchive.Failure(
                                description:
                                    "a unique constraint of \(name) names something that is not a property name")
                        }
                        return propertyName
                    })
            }
        }
        let renaming = try archive.string("NSRenamingIdentifier", in: object)
        var described = AppleEntity(
            name: name, parent: parent, className: try archive.string("NSClassNameForEntity", in: object),
            renamingIdentifier: renaming == name ? nil : renaming,
            isAbstract: object["NSIsAbstract"] as? Bool ?? false,
            attributes: attributes.sorted { $0.name < $1.name },
            relationships: relationships.sorted { $0.name < $1.name },
            otherProperties: others.sorted(), uniqueTuples: tuples)
        described.versionHashModifier = try archive.string("NSVersionHashModifier", in: object)
        return described
    }

    private func attribute(_ object: [String: Any], name key: String, entity: String, depth: Int = 0) throws
        -> AppleAttribute
    {
        let name = try archive.string("NSPropertyName", in: object) ?? key
        let className = try archive.className(of: object)
        let code: Int
        if className == "NSCompositeAttributeDescription" {
            code = 2100
        } else {
            guard let number = object["NSAttributeType"] as? Int else {
                throw KeyedArchive.Failure(description: "attribute \(entity).\(name) has no NSAttributeType")
            }
            code = number
        }
        var inProgress: Set<Int> = []
        let defaultValue = try object["NSDefaultValue"].flatMap {
            try self.defaultValue(
                of: $0, kind: AppleAttributeKind(code: code), depth: 0, inProgress: &inProgress, at: "\(entity).\(name)"
            )
        }
        let renaming = try archive.string("NSRenamingIdentifier", in: object)
        var attribute = AppleAttribute(
            name: name, typeCode: code, isOptional: object["NSIsOptional"] as? Bool ?? false,
            defaultValue: defaultValue, renamingIdentifier: renaming == name ? nil : renaming,
            valueClassName: try archive.string("NSAttributeValueClassName", in: object),
            valueTransformerName: try archive.string("NSValueTransformerName", in: object),
            isDerived: className == "NSDerivedAttributeDescription",
            isTransient: object["NSIsTransient"] as? Bool ?? false)
        attribute.versionHashModifier = try archive.string("NSVersionHashModifier", in: object)
        // Bit 4 of NSFlagsKey is external storage: Wire's image attributes that Wire's model stores externally carry
        // it, the others not, and the version hashes the store records agree (EntityVersionHashTests).
        // 0x10 is the history flag: Core Data's -[NSAttributeDescription encodeWithCoder:] sets it for
        // preservesValueInHistoryOnDeletion (0x20 for a file-backed future), beside 4 for external storage.
        let flags = object["NSFlagsKey"] as? Int ?? 0
        attribute.allowsExternalStorage = flags & 4 != 0
        attribute.preservesValueAfterDeletion = flags & 0x10 != 0
        if code == 2100 {
            attribute.fields = try fields(of: object, at: "\(entity).\(name)", depth: depth)
            if let info = try archive.reference("NSUserInfo", in: object) {
                attribute.isEnum = try archive.entries(of: info, "the user info of \(entity).\(name)").contains {
                    try $0.key == "EnumType" && archive.object($0.value) as? Bool == true
                }
            }
        }
        return attribute
    }

    /// The fields of a composite attribute (`NSCompositeElements`): attributes, or composites nested in it.
    private func fields(of object: [String: Any], at path: String, depth: Int) throws -> [AppleAttribute] {
        guard depth < Self.maximumDepth else {
            throw KeyedArchive.Failure(
                description: "the composite attribute \(path) nests deeper than \(Self.maximumDepth) levels")
        }
        guard let elements = try archive.reference("NSCompositeElements", in: object) else {
            throw KeyedArchive.Failure(description: "the composite attribute \(path) has no NSCompositeElements")
        }
        return try archive.elements(of: elements, "the fields of \(path)").map { index in
            let field = try archive.dictionary(index, "a field of \(path)")
            switch try archive.className(of: field) {
            case "NSAttributeDescription", "NSCompositeAttributeDescription":
                let described = try attribute(field, name: "", entity: path, depth: depth + 1)
                guard !described.name.isEmpty else {
                    throw KeyedArchive.Failure(description: "a field of \(path) has no NSPropertyName")
                }
                return described
            case let other:
                throw KeyedArchive.Failure(description: "a field of \(path) is a \(other), not an attribute")
            }
        }
    }

    private func relationship(_ object: [String: Any], name key: String, entity: String, names: [Int: String]) throws
        -> AppleRelationship
    {
        let name = try archive.string("NSPropertyName", in: object) ?? key
        var destination = try archive.string("_NSDestinationEntityName", in: object)
        if destination == nil, let index = try archive.reference("NSDestinationEntity", in: object) {
            destination = names[index]
        }
        guard let destination, names.values.contains(destination) else {
            throw KeyedArchive.Failure(
                description: "relationship \(entity).\(name) has no destination entity in the model")
        }
        var inverse = try archive.string("_NSInverseRelationshipName", in: object)
        if inverse == nil, let index = try archive.reference("NSInverseRelationship", in: object) {
            inverse = try archive.string(
                "NSPropertyName", in: archive.dictionary(index, "the inverse of \(entity).\(name)"))
        }
        let maxCount = object["NSMaxCount"] as? Int ?? 0
        let renaming = try archive.string("NSRenamingIdentifier", in: object)
        var relationship = AppleRelationship(
            name: name, destination: destination, inverse: inverse, isToMany: maxCount != 1,
            isOptional: object["NSIsOptional"] as? Bool ?? false, minCount: object["NSMinCount"] as? Int ?? 0,
            maxCount: maxCount, deleteRuleCode: object["NSDeleteRule"] as? Int ?? 1,
            isOrdered: object["NSIsOrdered"] as? Bool ?? false, renamingIdentifier: renaming == name ? nil : renaming,
            isTransient: object["NSIsTransient"] as? Bool ?? false)
        relationship.versionHashModifier = try archive.string("NSVersionHashModifier", in: object)
        return relationship
    }

    /// The Swift source of an archived default value; nil for `$null` or a value with no Swift spelling here.
    private func defaultValue(
        of value: Any, kind: AppleAttributeKind, depth: Int, inProgress: inout Set<Int>, at property: String
    ) throws -> AppleValue? {
        guard depth < Self.maximumDepth else {
            throw KeyedArchive.Failure(
                description: "the default value of \(property) nests deeper than \(Self.maximumDepth) levels")
        }
        var resolved = value
        if let index = KeyedArchive.uid(value) {
            if index == 0 { return nil }
            guard inProgress.insert(index).inserted else {
                throw KeyedArchive.Failure(
                    description: "the default value of \(property) refers to itself (a cycle through object #\(index))")
            }
            resolved = try archive.object(index)
        }
        defer { if let index = KeyedArchive.uid(value) { inProgress.remove(index) } }
        switch resolved {
        case let text as String:
            return kind == .uri ? .url(text) : .text(text)
        case let data as Data:
            return .blob(data)
        case let number as NSNumber:
            switch kind {
            case .boolean: return .bool(number.boolValue)
            case .integer16, .integer32, .integer64: return .integer(number.int64Value)
            case .date: return .date(Date(timeIntervalSinceReferenceDate: number.doubleValue))
            case .decimal: return .decimal(number.decimalValue)
            case .double, .float: return .real(number.doubleValue)
            default:
                return Double(number.int64Value) == number.doubleValue
                    ? .integer(number.int64Value) : .real(number.doubleValue)
            }
        case let object as [String: Any]:
            return try defaultValue(ofObject: object, kind: kind, depth: depth, inProgress: &inProgress, at: property)
        default:
            return nil
        }
    }

    private func defaultValue(
        ofObject object: [String: Any], kind: AppleAttributeKind, depth: Int, inProgress: inout Set<Int>,
        at property: String
    ) throws -> AppleValue? {
        switch try archive.className(of: object) {
        case "NSUUID":
            guard let bytes = object["NS.uuidbytes"] as? Data, bytes.count == 16 else { return nil }
            return .uuid(bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
        case "NSDate":
            guard let seconds = object["NS.time"] as? Double else { return nil }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case "NSURL":
            return try archive.string("NS.relative", in: object).map(AppleValue.url)
        case "NSDecimalNumber", "NSDecimalNumberPlaceholder":
            return Self.decimal(object).map(AppleValue.decimal)
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet":
            guard let items = object["NS.objects"] as? [Any] else { return nil }
            var elements: [StoredJSON] = []
            for item in items {
                guard
                    let element = try defaultValue(
                        of: item, kind: .unknown(0), depth: depth + 1, inProgress: &inProgress, at: property),
                    let json = StoredJSON(scalar: element)
                else { return nil }
                elements.append(json)
            }
            return .json(.array(elements))
        default:
            return nil
        }
    }

    /// The value of an archived NSDecimalNumber (mantissa, exponent, sign), or nil when the fields are damaged.
    private static func decimal(_ object: [String: Any]) -> Decimal? {
        guard let exponent = object["NS.exponent"] as? Int, let length = object["NS.length"] as? Int,
            let mantissa = object["NS.mantissa"] as? Data, (0...8).contains(length), mantissa.count >= length * 2,
            (-128...127).contains(exponent)
        else { return nil }
        let bigEndian = (object["NS.mantissa.bo"] as? Int) == 0
        var value = Decimal(0)
        for index in stride(from: length - 1, through: 0, by: -1) {
            let low = mantissa[mantissa.startIndex + index * 2]
            let high = mantissa[mantissa.startIndex + index * 2 + 1]
            let word = bigEndian ? UInt16(low) << 8 | UInt16(high) : UInt16(high) << 8 | UInt16(low)
            value = value * 65536 + Decimal(Int(word))
        }
        var scaled = Decimal()
        var source = value
        guard NSDecimalMultiplyByPowerOf10(&scaled, &source, Int16(exponent), .plain) == .noError else { return nil }
        if object["NS.negative"] as? Bool == true { scaled.negate() }
        return scaled
    }

    /// A Swift string literal of `text`, escaping quotes, backslashes and (through `TerminalText`) control characters.
    static func literal(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + TerminalText.sanitize(escaped) + "\""
    }
}
