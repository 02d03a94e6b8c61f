import Foundation
import Strata

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
    /// The mapping models found for this model (those naming another model's versions left out).
    public let mappingModels: [MappingModel]
    /// Where mapping models were looked for, and why there, in the order searched.
    public let mappingSearch: [MappingSearch]
    /// Mapping models found by the wider search that could not be read or belong to another model, said instead of
    /// refusing the model (one inside the bundle or in a `--mappings` folder that cannot be read is an error).
    public let mappingNotes: [String]

    /// A folder searched for `.xcmappingmodel` bundles.
    public struct MappingSearch: Sendable, CustomStringConvertible {
        /// Why a folder is searched.
        public enum Origin: Sendable, Hashable, CustomStringConvertible {
            /// The `.xcdatamodeld` itself.
            case bundle
            /// The project the model belongs to: a mapping model that cannot be read there is noted, not an error.
            case enclosingProject
            /// The folder beside a model outside any project.
            case besideTheModel
            /// The folder given as the model.
            case folderGiven
            /// A `--mappings` folder.
            case option

            /// "the bundle", "the enclosing project", "--mappings" …
            public var description: String {
                switch self {
                case .bundle: "the bundle"
                case .enclosingProject: "the enclosing project"
                case .besideTheModel: "beside the model"
                case .folderGiven: "the folder given"
                case .option: "--mappings"
                }
            }
        }

        /// The folder.
        public let folder: URL
        /// Why it was searched.
        public let origin: Origin
        /// True when its subfolders were searched too.
        public let recursive: Bool

        /// Why it was searched, as reports say it: "the bundle", "the enclosing project", "--mappings".
        public var reason: String { origin.description }

        /// "FOLDER (why)".
        public var description: String { "\(folder.path) (\(reason))" }
    }

    /// Reads the model at `url`; `order` (`--order`) overrides the order the names give; `mappings` (`--mappings`)
    /// are further folders holding mapping models.
    ///
    /// Mapping models are looked for where apps keep them: inside the bundle, beside it, and anywhere in the
    /// enclosing project (the nearest folder above holding a `.xcodeproj`, a `Package.swift`, a Tuist or XcodeGen
    /// manifest or a `.git`; apps often keep them in a folder of their own such as `Migrations/`), build and
    /// dependency folders skipped; then in each of `mappings`.
    public init(url: URL, order explicit: [String]? = nil, mappings: [URL] = []) throws {
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
        var search = found.mappings
        for folder in mappings {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw ModelBundleError.notFound(path: folder.path)
            }
            search.append(MappingSearch(folder: folder, origin: .option, recursive: true))
        }
        var models: [MappingModel] = []
        var notes: [String] = []
        var seen: Set<String> = []
        let bundleName = (found.bundle ?? url).deletingPathExtension().lastPathComponent
        for place in search {
            let strict = place.origin != .enclosingProject
            for folder in Self.mappingModels(in: place.folder, recursive: place.recursive)
            where seen.insert(folder.standardizedFileURL.path).inserted {
                let mapping: MappingModel
                do {
                    mapping = try MappingModel.read(folder)
                } catch {
                    if strict { throw error }
                    notes.append("\(folder.path) was not read: \(error)")
                    continue
                }
                if let model = mapping.sourceModel, model != bundleName {
                    notes.append(
                        "\(folder.path) maps versions of \(model), not of \(bundleName); left out")
                    continue
                }
                models.append(mapping)
            }
        }
        mappingModels = models
        mappingSearch = search
        mappingNotes = notes
    }

    /// The version named `name`.
    public func version(named name: String) -> ModelVersion? { versions.first { $0.name == name } }

    /// The `.xcdatamodel` folders, the `.xcdatamodeld` they belong to (when one), and where to look for mapping models.
    private static func find(in url: URL) throws -> (versions: [URL], bundle: URL?, mappings: [MappingSearch]) {
        let extensionName = url.pathExtension
        if extensionName == "xcdatamodel" || extensionName == "xcdatamodeld" {
            let parent = url.deletingLastPathComponent()
            var mappings: [MappingSearch] = []
            if extensionName == "xcdatamodeld" {
                mappings.append(MappingSearch(folder: url, origin: .bundle, recursive: true))
            }
            if let project = enclosingProject(of: parent) {
                mappings.append(MappingSearch(folder: project, origin: .enclosingProject, recursive: true))
            } else {
                mappings.append(MappingSearch(folder: parent, origin: .besideTheModel, recursive: false))
            }
            let versions =
                extensionName == "xcdatamodel" ? [url] : children(of: url, withExtension: "xcdatamodel")
            return (versions, extensionName == "xcdatamodeld" ? url : nil, mappings)
        }
        let bundles = descendants(of: url, withExtension: "xcdatamodeld")
        if bundles.count > 1 {
            throw ModelBundleError.malformed(
                path: url.path, line: nil,
                reason:
                    "holds several models (\(bundles.map(\.lastPathComponent).joined(separator: ", "))); give the .xcdatamodeld bundle of the one to read"
            )
        }
        let search = [MappingSearch(folder: url, origin: .folderGiven, recursive: true)]
        if let bundle = bundles.first {
            return (children(of: bundle, withExtension: "xcdatamodel"), bundle, search)
        }
        return (descendants(of: url, withExtension: "xcdatamodel"), nil, search)
    }

    /// The nearest folder at or above `folder` (at most eight levels up) that holds a `.xcodeproj`, a `Package.swift`,
    /// a Tuist `Project.swift`, an XcodeGen `project.yml` or a `.git`: the project the model belongs to.
    private static func enclosingProject(of folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        for _ in 0..<8 {
            let items = (try? FileManager.default.contentsOfDirectory(atPath: current.path)) ?? []
            if items.contains(where: {
                $0.hasSuffix(".xcodeproj") || ["Package.swift", "Project.swift", "project.yml", ".git"].contains($0)
            }) {
                return current
            }
            let parent = current.deletingLastPathComponent()
            guard parent.path != current.path else { return nil }
            current = parent
        }
        return nil
    }

    /// The name `.xccurrentversion` (a property list with `_XCCurrentVersionName`) gives, without `.xcdatamodel`.
    private static func currentVersion(of bundle: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: bundle.appendingPathComponent(".xccurrentversion").path),
            let plist = try? UntrustedPropertyList.read(data) as? [String: Any],
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

    /// Build and dependency folders no app keeps its own mapping models in.
    private static let skippedFolders: Set<String> = [
        "Pods", "Carthage", "DerivedData", "node_modules", "build", "Build", "checkouts", "SourcePackages",
    ]

    /// Every folder with this extension under `folder` (not looking inside hidden folders, build and dependency
    /// folders, or inside a match).
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
                } else if !["xcdatamodeld", "xcdatamodel", "xcmappingmodel", "xcodeproj", "xcassets"].contains(
                    child.pathExtension), !Self.skippedFolders.contains(item)
                {
                    queue.append(child)
                }
            }
        }
        return result
    }
}
