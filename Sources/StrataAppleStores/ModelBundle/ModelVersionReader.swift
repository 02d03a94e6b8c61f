import Foundation

/// Reads a `.xcdatamodel` folder's `contents` XML into a `ModelVersion`.
///
/// The format, as Xcode writes it (see Tests/AppleStoreFixtures/ModelBundles/README.md for the public files each fact
/// was checked against): `<model>` holds `<entity>` elements (`name`, `parentEntity`, `isAbstract`,
/// `representedClassName`, `versionHashModifier`, `elementID`), each with `<attribute>`, `<relationship>`,
/// `<fetchedProperty>`, `<fetchIndex>` and `<uniquenessConstraints>` children; booleans are "YES".
enum ModelVersionReader {
    /// The version in the `.xcdatamodel` folder at `folder`; refuses a folder with only Xcode 3's binary files.
    static func read(_ folder: URL) throws -> ModelVersion {
        let name = folder.deletingPathExtension().lastPathComponent
        let contents = folder.appendingPathComponent("contents")
        guard FileManager.default.fileExists(atPath: contents.path) else {
            let binary = ["elements", "layout"].contains {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
            }
            if binary { throw ModelBundleError.binaryOnly(version: name, path: folder.path) }
            throw ModelBundleError.malformed(
                path: folder.path, line: nil,
                reason: "has no contents file; a .xcdatamodel folder holds its model in contents")
        }
        let root = try XMLTree.parse(contents)
        guard root.name == "model" else {
            throw ModelBundleError.malformed(
                path: contents.path, line: root.line,
                reason: "the root element is <\(root.name)>, not a Core Data <model>")
        }
        var entities: [ModelEntity] = []
        for element in root.children(named: "entity") {
            entities.append(try entity(element, in: contents))
        }
        let identifier = root.attributes["userDefinedModelVersionIdentifier"].flatMap { $0.isEmpty ? nil : $0 }
        return ModelVersion(
            name: name, contentsURL: contents, identifier: identifier, entities: entities,
            usedWithCloudKit: root.attributes["usedWithCloudKit"] == "YES")
    }

    private static func entity(_ element: XMLTree, in file: URL) throws -> ModelEntity {
        let name = try required("name", of: element, in: file)
        var attributes: [ModelAttribute] = []
        var relationships: [ModelRelationship] = []
        for child in element.children {
            switch child.name {
            case "attribute": attributes.append(try attribute(child, entity: name, in: file))
            case "relationship": relationships.append(try relationship(child, entity: name, in: file))
            default: continue
            }
        }
        let constraints = element.children(named: "uniquenessConstraints").flatMap {
            $0.children(named: "uniquenessConstraint")
        }
        .map { $0.children(named: "constraint").compactMap { $0.attributes["value"] } }
        .filter { !$0.isEmpty }
        let indexes = element.children(named: "fetchIndex").map { index in
            ModelFetchIndex(
                name: index.attributes["name"] ?? "",
                properties: index.children(named: "fetchIndexElement").compactMap { $0.attributes["property"] },
                line: index.line)
        }
        return ModelEntity(
            name: name, parent: element.attributes["parentEntity"],
            className: element.attributes["representedClassName"],
            isAbstract: element.flag("isAbstract"), renamingIdentifier: renaming(element, name: name),
            versionHashModifier: element.attributes["versionHashModifier"], attributes: attributes,
            relationships: relationships,
            fetchedProperties: element.children(named: "fetchedProperty").compactMap { $0.attributes["name"] },
            uniquenessConstraints: constraints, fetchIndexes: indexes, line: element.line)
    }

    private static func attribute(_ element: XMLTree, entity: String, in file: URL) throws -> ModelAttribute {
        let name = try required("name", of: element, in: file)
        let typeName = element.attributes["attributeType"] ?? "Undefined"
        guard let code = typeCodes[typeName] else {
            throw ModelBundleError.malformed(
                path: file.path, line: element.line,
                reason:
                    "\(entity).\(name) has attributeType \"\(typeName)\", which is not a Core Data type (\(typeCodes.keys.sorted().joined(separator: ", ")))"
            )
        }
        return ModelAttribute(
            name: name, typeName: typeName, typeCode: code, isOptional: element.flag("optional"),
            isTransient: element.flag("transient"), defaultValue: defaultValue(element, code: code),
            allowsExternalStorage: element.flag("allowsExternalBinaryDataStorage"), isDerived: element.flag("derived"),
            preservesValueAfterDeletion: element.flag("preserveAfterDeletion"),
            versionHashModifier: element.attributes["versionHashModifier"],
            renamingIdentifier: renaming(element, name: name),
            valueTransformerName: element.attributes["valueTransformerName"], line: element.line)
    }

    private static func relationship(_ element: XMLTree, entity: String, in file: URL) throws -> ModelRelationship {
        let name = try required("name", of: element, in: file)
        guard let destination = element.attributes["destinationEntity"] else {
            throw ModelBundleError.malformed(
                path: file.path, line: element.line,
                reason: "relationship \(entity).\(name) has no destinationEntity; set its destination in Xcode")
        }
        let maxCount = element.attributes["maxCount"].flatMap { Int($0) } ?? 0
        return ModelRelationship(
            name: name, destination: destination, inverse: element.attributes["inverseName"],
            isToMany: element.flag("toMany") || maxCount > 1, isOptional: element.flag("optional"),
            isTransient: element.flag("transient"), minCount: element.attributes["minCount"].flatMap { Int($0) } ?? 0,
            maxCount: maxCount, isOrdered: element.flag("ordered"),
            deleteRule: element.attributes["deletionRule"] ?? "Nullify",
            versionHashModifier: element.attributes["versionHashModifier"],
            renamingIdentifier: renaming(element, name: name),
            line: element.line)
    }

    /// Xcode's `attributeType` names and their `NSAttributeType` codes.
    static let typeCodes: [String: Int] = [
        "Undefined": 0, "Integer 16": 100, "Integer 32": 200, "Integer 64": 300, "Decimal": 400, "Double": 500,
        "Float": 600, "String": 700, "Boolean": 800, "Date": 900, "Binary": 1000, "UUID": 1100, "URI": 1200,
        "Transformable": 1800, "ObjectID": 2000, "Composite": 2100,
    ]

    /// The renaming identifier: `elementID` (what Xcode writes) or `renamingIdentifier`, when it differs from the name.
    private static func renaming(_ element: XMLTree, name: String) -> String? {
        let identifier = element.attributes["elementID"] ?? element.attributes["renamingIdentifier"]
        return identifier == name || identifier?.isEmpty == true ? nil : identifier
    }

    private static func required(_ attribute: String, of element: XMLTree, in file: URL) throws -> String {
        guard let value = element.attributes[attribute], !value.isEmpty else {
            throw ModelBundleError.malformed(
                path: file.path, line: element.line, reason: "an <\(element.name)> has no \(attribute)")
        }
        return value
    }

    /// The default value as Core Data reads it from the model: `defaultDateTimeInterval` for a date (seconds since
    /// 2001), else `defaultValueString` by the attribute's type. Numbers accept `YES`/`NO` and `true`/`false` as 1 and 0
    /// (Core Data writes 1 and 0 into existing rows for them, docs/APPLE_STORES.md); a decimal text on an integer
    /// attribute keeps its integer part. Binary and transformable attributes have no default in the model editor,
    /// and a text there is not read.
    static func defaultValue(_ element: XMLTree, code: Int) -> AppleValue? {
        if code == 900 {
            return element.attributes["defaultDateTimeInterval"].flatMap(Double.init).map {
                .date(Date(timeIntervalSinceReferenceDate: $0))
            }
        }
        guard let text = element.attributes["defaultValueString"] else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let flag: Bool? =
            switch trimmed.lowercased() {
            case "yes", "true": true
            case "no", "false": false
            default: nil
            }
        switch code {
        case 100, 200, 300:
            if let flag { return .integer(flag ? 1 : 0) }
            if let number = Int64(trimmed) { return .integer(number) }
            return Double(trimmed).flatMap { $0.isFinite ? Int64(exactly: $0.rounded(.towardZero)) : nil }.map {
                .integer($0)
            }
        case 400:
            if let flag { return .decimal(flag ? 1 : 0) }
            return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")).map(AppleValue.decimal)
        case 500, 600:
            if let flag { return .real(flag ? 1 : 0) }
            return Double(trimmed).map(AppleValue.real)
        case 700: return .text(text)
        case 800:
            if let flag { return .bool(flag) }
            return Double(trimmed).map { .bool($0 != 0) }
        case 1100: return UUID(uuidString: trimmed).map(AppleValue.uuid)
        case 1200: return .url(text)
        default: return nil
        }
    }
}
