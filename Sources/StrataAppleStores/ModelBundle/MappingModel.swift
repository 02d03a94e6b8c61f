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

        /// "TaskToTask: Task -> Task (Transform, policy TaskPolicy)".
        public var description: String {
            let details = [type, policyClass.map { "policy \($0)" }].compactMap { $0 }
            return "\(name): \(source ?? "(none)") -> \(destination ?? "(none)")"
                + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
        }
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
        let mappings =
            objects
            .filter { $0.attributes["type"]?.uppercased() == "XDDEVENTITYMAPPING" }
            .enumerated()
            .map { position, object in
                (
                    position: position,
                    number: attribute("mappingnumber", of: object).flatMap { Int($0) } ?? Int.max,
                    mapping: EntityMapping(
                        name: attribute("name", of: object)
                            ?? "\(attribute("sourcename", of: object) ?? "")To\(attribute("destinationname", of: object) ?? "")",
                        source: attribute("sourcename", of: object),
                        destination: attribute("destinationname", of: object),
                        type: attribute("mappingtypename", of: object),
                        policyClass: attribute("migrationpolicyclassname", of: object))
                )
            }
            .sorted { ($0.number, $0.position) < ($1.number, $1.position) }
            .map(\.mapping)
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
}
