import Foundation

/// A Core Data model read from disk as the versions of a plan: a `.xcdatamodeld` bundle, a single `.xcdatamodel`, or
/// a folder holding them, with the `.xcmappingmodel` bundles found beside or inside it.
public struct ModelBundle: Sendable {
    /// The path given.
    public let url: URL
    /// The model's name (the `.xcdatamodeld` or folder name without extension), which reports use as the plan's.
    public let name: String
    /// The versions in order, oldest first, ending at the current one.
    public let versions: [ModelVersion]
    /// How the order was decided.
    public let order: ModelVersionOrder
    /// The current version's name (the target Core Data migrates to).
    public let current: String
    /// How the current version was decided (`.xccurrentversion`, or the last in order).
    public let currentReason: String
    /// Versions ordered after the current one: left out of the plan (the app does not ship them as current).
    public let afterCurrent: [String]
    /// The mapping models found.
    public let mappingModels: [MappingModel]

    /// Reads the model at `url`; `order` (`--order`) overrides the order the names give.
    public init(url: URL, order explicit: [String]? = nil) throws {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            if fileManager.fileExists(atPath: url.path) {
                throw ModelBundleError.malformed(
                    path: url.path, line: nil,
                    reason:
                        "is a file; give the .xcdatamodeld bundle (a folder), a .xcdatamodel or a folder holding them")
            }
            throw ModelBundleError.notFound(path: url.path)
        }
        let found = try Self.find(in: url)
        var versions: [ModelVersion] = []
        for folder in found.versions { versions.append(try ModelVersionReader.read(folder)) }
        guard !versions.isEmpty else { throw ModelBundleError.noVersions(path: url.path) }
        var byName: [String: URL] = [:]
        for (version, folder) in zip(versions, found.versions) {
            if let other = byName[version.name] {
                throw ModelBundleError.duplicateVersion(name: version.name, paths: [other.path, folder.path])
            }
            byName[version.name] = folder
        }
        let order = try ModelVersionOrder(names: versions.map(\.name), explicit: explicit)
        let recorded = found.bundle.flatMap(Self.currentVersion(of:))
        let current: String
        if let recorded, order.names.contains(recorded) {
            current = recorded
            currentReason = ".xccurrentversion names \(recorded)"
        } else {
            current = order.names[order.names.count - 1]
            currentReason =
                recorded.map {
                    ".xccurrentversion names \($0), which is not one of the versions; the last in order is taken"
                }
                ?? "the last in order (no .xccurrentversion)"
        }
        let currentIndex = order.names.firstIndex(of: current) ?? order.names.count - 1
        self.url = url
        name = (found.bundle ?? url).deletingPathExtension().lastPathComponent
        self.order = order
        self.current = current
        afterCurrent = Array(order.names[(currentIndex + 1)...])
        self.versions = order.names[...currentIndex].compactMap { name in versions.first { $0.name == name } }
        mappingModels = try found.mappings.map(MappingModel.read)
    }

    /// The version named `name`.
    public func version(named name: String) -> ModelVersion? { versions.first { $0.name == name } }

    /// The `.xcdatamodel` folders, the `.xcdatamodeld` they belong to (when one), and the `.xcmappingmodel` folders.
    private static func find(in url: URL) throws -> (versions: [URL], bundle: URL?, mappings: [URL]) {
        let extensionName = url.pathExtension
        if extensionName == "xcdatamodel" {
            return ([url], nil, mappingModels(in: url.deletingLastPathComponent(), recursive: false))
        }
        if extensionName == "xcdatamodeld" {
            return (
                children(of: url, withExtension: "xcdatamodel"), url,
                mappingModels(in: url, recursive: true)
                    + mappingModels(in: url.deletingLastPathComponent(), recursive: false)
            )
        }
        let bundles = descendants(of: url, withExtension: "xcdatamodeld")
        if bundles.count > 1 {
            throw ModelBundleError.malformed(
                path: url.path, line: nil,
                reason:
                    "holds several models (\(bundles.map(\.lastPathComponent).joined(separator: ", "))); give the .xcdatamodeld bundle of the one to read"
            )
        }
        if let bundle = bundles.first {
            return (children(of: bundle, withExtension: "xcdatamodel"), bundle, mappingModels(in: url, recursive: true))
        }
        return (descendants(of: url, withExtension: "xcdatamodel"), nil, mappingModels(in: url, recursive: true))
    }

    /// The name `.xccurrentversion` (a property list with `_XCCurrentVersionName`) gives, without `.xcdatamodel`.
    private static func currentVersion(of bundle: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: bundle.appendingPathComponent(".xccurrentversion").path),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
            let name = plist["_XCCurrentVersionName"] as? String
        else { return nil }
        return URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
    }

    private static func mappingModels(in folder: URL, recursive: Bool) -> [URL] {
        recursive
            ? descendants(of: folder, withExtension: "xcmappingmodel")
            : children(of: folder, withExtension: "xcmappingmodel")
    }

    /// The folder's direct children with this extension, sorted by name.
    private static func children(of folder: URL, withExtension name: String) -> [URL] {
        let items = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return items.filter { $0.hasSuffix("." + name) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Every folder with this extension under `folder` (not looking inside hidden folders or inside a match).
    private static func descendants(of folder: URL, withExtension name: String) -> [URL] {
        var result: [URL] = []
        var queue = [folder]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            let items = ((try? FileManager.default.contentsOfDirectory(atPath: next.path)) ?? []).sorted()
            for item in items where !item.hasPrefix(".") {
                let child = next.appendingPathComponent(item)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue
                else { continue }
                if child.pathExtension == name {
                    result.append(child)
                } else if !["xcdatamodeld", "xcdatamodel", "xcmappingmodel"].contains(child.pathExtension) {
                    queue.append(child)
                }
            }
        }
        return result
    }
}
