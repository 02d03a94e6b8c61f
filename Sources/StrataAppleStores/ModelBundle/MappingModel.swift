import Foundation

/// A `.xcmappingmodel` bundle: the custom mapping an app ships for one pair of model versions. Strata lists it and
/// never runs it (its policies are the app's Objective-C or Swift classes).
///
/// Its `xcmapping.xml` is Xcode's own Core Data XML store: one `XDDEVMAPPINGMODEL` object whose `sourcemodelpath` and
/// `destinationmodelpath` attributes name the two `.xcdatamodel` versions, and an `XDDEVENTITYMAPPING` object per
/// entity mapping (`name`, `sourcename`, `destinationname`, `mappingtypename`, `migrationpolicyclassname`). Attribute
/// and type names are matched ignoring case, as readers of the format do.
public struct MappingModel: Sendable {
    /// The bundle's name without the extension.
    public let name: String
    /// The `xcmapping.xml` file.
    public let url: URL
    /// The version it maps from: the last path component of `sourcemodelpath` without `.xcdatamodel`.
    public let source: String
    /// The version it maps to.
    public let destination: String
    /// The `.xcdatamodeld` bundle `sourcemodelpath` names without its extension, when the path names one: the model
    /// the mapping model belongs to.
    public let sourceModel: String?
    /// The line of the mapping model object in `xcmapping.xml`.
    public let line: Int
    /// Its entity mappings, in the file's order.
    public let entityMappings: [EntityMapping]

    /// One entity mapping of a mapping model.
    public struct EntityMapping: Sendable, CustomStringConvertible {
        /// The mapping's name ("TaskToTask").
        public let name: String
        /// The source entity (nil for an added entity).
        public let source: String?
        /// The destination entity (nil for a removed entity).
        public let destination: String?
        /// `mappingtypename` ("Transform", "Copy", "Add", "Remove", "Custom"), when recorded.
        public let type: String?
        /// The `NSEntityMigrationPolicy` subclass that runs custom code for it.
        public let policyClass: String?
        /// Its attribute and relationship mappings, in the file's order.
        public let properties: [PropertyMapping]
        /// The predicate that narrows the source objects it maps (`sourcefilterpredicatestring`, "image != nil"),
        /// when it has one other than `TRUEPREDICATE`.
        public let sourceFilter: String?
        /// True when it fetches its source objects with an expression of its own (`sourceexpressiondata` not generated
        /// by Xcode) instead of every object of its source entity.
        public let hasCustomFetch: Bool

        /// True when the mapping runs the app's code: a policy class other than Core Data's own
        /// `NSEntityMigrationPolicy`, or the mapping type "Custom".
        public var runsAppCode: Bool {
            (policyClass.map { !$0.isEmpty && $0 != "NSEntityMigrationPolicy" } ?? false)
                || type?.lowercased() == "custom"
        }

        /// "TaskToTask: Task -> Task (Transform, policy TaskPolicy)".
        public var description: String {
            let details = [type, policyClass.map { "policy \($0)" }].compactMap { $0 }
            return "\(name): \(source ?? "(none)") -> \(destination ?? "(none)")"
                + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
        }
    }

    /// One attribute or relationship mapping of an entity mapping (`XDDEVATTRIBUTEMAPPING`,
    /// `XDDEVRELATIONSHIPMAPPING`): the destination property and what fills it.
    public struct PropertyMapping: Sendable, Equatable, CustomStringConvertible {
        /// The destination property.
        public let name: String
        /// True for a relationship mapping.
        public let isRelationship: Bool
        /// What fills it: Xcode's generated expression is the source's property of the same name (`$source.name`),
        /// for a relationship through the entity mapping of its destination.
        public let expression: MappingExpression

        /// "title = $source.name".
        public var description: String { "\(name) = \(expression)" }
    }

    /// Reads the `.xcmappingmodel` folder at `folder`.
    static func read(_ folder: URL) throws -> MappingModel {
        let file = folder.appendingPathComponent("xcmapping.xml")
        let root = try XMLTree.parse(file)
        let objects = root.children(named: "object")
        func attribute(_ name: String, of object: XMLTree) -> String? {
            object.children(named: "attribute").first { $0.attributes["name"]?.lowercased() == name }
                .map(\.text).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let model = objects.first(where: { $0.attributes["type"]?.uppercased() == "XDDEVMAPPINGMODEL" }) else {
            throw ModelBundleError.malformed(
                path: file.path, line: root.line,
                reason: "holds no XDDEVMAPPINGMODEL object; is it a mapping model Xcode wrote?")
        }
        func version(_ key: String) throws -> String {
            guard let path = attribute(key, of: model) else {
                throw ModelBundleError.malformed(
                    path: file.path, line: model.line, reason: "the mapping model does not name its \(key)")
            }
            return URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        }
        let byID = Dictionary(
            objects.compactMap { object in object.attributes["id"].map { ($0, object) } },
            uniquingKeysWith: { first, _ in first })
        func properties(of object: XMLTree) throws -> [PropertyMapping] {
            var found: [PropertyMapping] = []
            for key in ["attributemappings", "relationshipmappings"] {
                let link = object.children(named: "relationship").first { $0.attributes["name"]?.lowercased() == key }
                let references = (link?.attributes["idrefs"] ?? "").split(separator: " ").map(String.init)
                for property in references.compactMap({ byID[$0] }) {
                    guard let name = attribute("name", of: property) else { continue }
                    let expression = try Self.expression(of: property, named: name, in: file)
                    found.append(
                        PropertyMapping(
                            name: name, isRelationship: key == "relationshipmappings", expression: expression))
                }
            }
            return found
        }
        var numbered: [(number: Int, position: Int, mapping: EntityMapping)] = []
        for (position, object) in objects.filter({ $0.attributes["type"]?.uppercased() == "XDDEVENTITYMAPPING" })
            .enumerated()
        {
            let source = attribute("sourcename", of: object)
            let destination = attribute("destinationname", of: object)
            let name = attribute("name", of: object) ?? "\(source ?? "")To\(destination ?? "")"
            let predicate = attribute("sourcefilterpredicatestring", of: object).flatMap {
                $0.trimmingCharacters(in: .whitespaces).uppercased() == "TRUEPREDICATE" ? nil : $0
            }
            let generated = ["1", "yes", "true"].contains(
                attribute("autogenerateexpression", of: object)?.lowercased() ?? "")
            let mapping = EntityMapping(
                name: name, source: source, destination: destination, type: attribute("mappingtypename", of: object),
                policyClass: attribute("migrationpolicyclassname", of: object), properties: try properties(of: object),
                sourceFilter: predicate,
                hasCustomFetch: !generated && attribute("sourceexpressiondata", of: object) != nil)
            let number = attribute("mappingnumber", of: object).flatMap { Int($0) } ?? Int.max
            numbered.append((number, position, mapping))
        }
        let mappings = numbered.sorted { ($0.number, $0.position) < ($1.number, $1.position) }.map(\.mapping)
        let bundle = attribute("sourcemodelpath", of: model).flatMap { path in
            path.split(separator: "/").last { $0.hasSuffix(".xcdatamodeld") }.map {
                String($0.dropLast(".xcdatamodeld".count))
            }
        }
        return MappingModel(
            name: folder.deletingPathExtension().lastPathComponent, url: file, source: try version("sourcemodelpath"),
            destination: try version("destinationmodelpath"), sourceModel: bundle, line: model.line,
            entityMappings: mappings)
    }

    /// What fills a property mapping: the archived expression Xcode stores (`valueexpressiondata`, base64) unless
    /// Xcode generates it (`autogenerateexpression`); a generated relationship mapping that names the entity mapping
    /// and the source key path it goes through (`sourcemappingname`, `sourcekeypath`, `$source` for the source object
    /// itself) is the migration manager's lookup of the objects that entity mapping made
    /// (`FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "NoteToNote", $source)`);
    /// otherwise the source's property of the same name.
    private static func expression(of property: XMLTree, named name: String, in file: URL) throws -> MappingExpression {
        func attribute(_ key: String) -> String? {
            property.children(named: "attribute").first { $0.attributes["name"]?.lowercased() == key }.map(\.text)
        }
        let generated = ["1", "yes", "true"].contains(attribute("autogenerateexpression")?.lowercased() ?? "")
        let text = generated ? nil : attribute("valueexpressiondata").flatMap { $0.isEmpty ? nil : $0 }
        guard let text else {
            // "$source", "$source.shelf" or "shelf": the source object, or a key path from it.
            let path = (attribute("sourcekeypath").flatMap { $0.isEmpty ? nil : $0 } ?? name)
                .split(separator: ".").map(String.init).drop { $0 == "$source" }
            let objects: MappingExpression =
                path.isEmpty ? .variable("source") : path.count == 1 ? .source(path[0]) : .sourcePath(Array(path))
            guard let through = attribute("sourcemappingname"), !through.isEmpty else {
                return path.isEmpty ? .variable("source") : objects
            }
            return .function(
                .variable("manager"), selector: "destinationInstancesForEntityMappingNamed:sourceInstances:",
                arguments: [.constant(.text(through)), objects])
        }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw ModelBundleError.malformed(
                path: file.path, line: property.line,
                reason: "the value expression of \(name) is not base64 (valueexpressiondata)")
        }
        do {
            return try MappingExpression.decode(data)
        } catch {
            throw ModelBundleError.malformed(
                path: file.path, line: property.line,
                reason: "the value expression of \(name) is not an archived NSExpression: \(error)")
        }
    }
}
