import Foundation

/// An Xcode project's `project.pbxproj`, read (never written): its targets, the Swift files each compiles (its Sources
/// build phase, and Xcode 16's file-system-synchronized folders with their membership exceptions), and the Swift
/// language mode each builds in (`SWIFT_VERSION`, target over project, per configuration).
struct XcodeProject {
    /// A synchronized folder of a target: every file under it is compiled, but its exceptions and explicit folders.
    struct SynchronizedFolder {
        /// The folder's path.
        let path: String
        /// Paths (files or folders) the target's membership exceptions take out.
        let exceptions: [String]
        /// Folders copied as they are (folder references), whose files are not compiled.
        let explicitFolders: [String]

        /// True when `file` is under the folder and not taken out.
        func holds(_ file: String) -> Bool {
            file.isInside(path) && !exceptions.contains { file == $0 || file.isInside($0) }
                && !explicitFolders.contains { file.isInside($0) }
        }

        /// True when `file` is under the folder but a membership exception takes it out.
        func excepts(_ file: String) -> Bool {
            file.isInside(path) && exceptions.contains { file == $0 || file.isInside($0) }
        }
    }

    /// A native target and what it compiles.
    struct Target {
        /// The target's name.
        let name: String
        /// The files of its Sources build phase.
        var files: Set<String> = []
        /// Files and folders membership exceptions add from synchronized folders it is not a member of.
        var added: [String] = []
        /// Its synchronized folders.
        var folders: [SynchronizedFolder] = []
        /// The language mode it builds in and the setting that says so.
        var languageMode = SwiftLanguageMode.unstated
        /// The custom conditions `#if` sees in its Release build (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`).
        var conditions: Set<String> = []
        /// The globs of a generated project's target (Tuist, XcodeGen): files under `folder` whose path relative to it
        /// matches `include` and none of `excludes`.
        var globs: [(folder: String, include: SourceGlob, excludes: [SourceGlob])] = []

        /// True when the target compiles `file`.
        func compiles(_ file: String) -> Bool {
            files.contains(file) || added.contains { file == $0 || file.isInside($0) }
                || folders.contains { $0.holds(file) }
                || globs.contains { glob in
                    let relative = FilePath.relative(file, to: glob.folder)
                    return file.isInside(glob.folder) && glob.include.matches(relative)
                        && !glob.excludes.contains { $0.matches(relative) }
                }
        }

        /// True when `file` is in one of its synchronized folders but a membership exception takes it out.
        func excepts(_ file: String) -> Bool { folders.contains { $0.excepts(file) } }
    }

    /// The project's file name ("MyApp.xcodeproj").
    let name: String
    /// Its native targets, in the project's order.
    let targets: [Target]
    /// What a generated project's manifest holds that could not be read without running its generator, one phrase
    /// each ("project.yml includes missing.yml, which is not there").
    var unread: [String] = []

    /// A project read from another description of it (a Tuist or XcodeGen manifest) named `name`, with what of it
    /// could not be read.
    init(name: String, targets: [Target], unread: [String] = []) {
        self.name = name
        self.targets = targets
        self.unread = unread
    }

    /// Reads the project at `url` (the `.xcodeproj` folder); throws when its `project.pbxproj` cannot be read or
    /// parsed.
    init(url: URL) throws {
        try self.init(text: try Self.text(of: url), url: url)
    }

    /// The text of the `project.pbxproj` of the project at `url` (``NamedFile``: a regular file of at most 64 MiB);
    /// throws naming the file when it cannot be read.
    static func text(of url: URL) throws -> String {
        try NamedFile.readText(at: url.appendingPathComponent("project.pbxproj").path)
    }

    /// Reads `text` as the `project.pbxproj` of the project at `url`; throws when it cannot be parsed.
    init(text: String, url: URL) throws {
        name = url.lastPathComponent
        let list: PropertyListText
        do {
            list = try PropertyListText.parse(text)
        } catch {
            throw SourceReadingError.unreadableProject(
                url.appendingPathComponent("project.pbxproj").path, reason: "\(error)")
        }
        targets = ObjectGraph(list, url: url).targets(projectName: name)
    }
}

/// The objects of a `project.pbxproj` by identifier, and the paths of its files and groups.
struct ObjectGraph {
    let objects: [String: PropertyListText]
    let project: PropertyListText
    /// The path each file reference and group stands for.
    var paths: [String: String] = [:]
    /// The folder the project's paths start from (`SOURCE_ROOT`).
    let root: String
    /// The folder holding the `.xcodeproj`: the only one whose files (`.xcconfig`s) the project can make Strata read,
    /// whatever its paths say (`projectDirPath`, `<absolute>` or `../..` paths, symbolic links).
    let folder: String

    /// The graph of the parsed `project.pbxproj` of the project at `url` (the `.xcodeproj` folder).
    init(_ list: PropertyListText, url: URL) {
        self.init(
            objects: list["objects"], root: list["rootObject"]?.string,
            folder: url.deletingLastPathComponent().standardizedFileURL.path)
    }

    private init(objects list: PropertyListText?, root: String?, folder: String) {
        var objects: [String: PropertyListText] = [:]
        if case .dictionary(let values)? = list { objects = values }
        self.objects = objects
        self.folder = folder
        project = root.flatMap { objects[$0] } ?? .dictionary([:])
        let projectRoot = FilePath.join(folder, project["projectDirPath"]?.string ?? "")
        self.root = projectRoot
        if let main = project["mainGroup"]?.string { place(main, parent: projectRoot, root: projectRoot) }
    }

    /// How deep groups are followed from the main group (Xcode projects nest a dozen), how long a path placed may be
    /// (Linux's `PATH_MAX`: no file has a longer one), and how many bytes of paths are placed in all: a stranger's
    /// project chaining groups 100,000 deep gave paths of 200 KB each, 10 GB in all.
    static let placement = (depth: 256, pathLength: 4_096, total: 256 << 20)

    /// Records the path of `id` and of the group's children, depth first in the project's order; `<group>` paths are
    /// relative to the parent group, `SOURCE_ROOT` ones to the project's folder. Walked without recursion (each
    /// object is flat in `objects`, so the parser's nesting limit does not bound a chain of groups) within
    /// `placement`; an object met again (a cycle, a group listed twice) is placed once.
    private mutating func place(_ id: String, parent: String, root: String) {
        var pending: [(id: String, parent: String, depth: Int)] = [(id, parent, 0)]
        var placed = 0
        while let (id, parent, depth) = pending.popLast(), placed < Self.placement.total {
            guard depth <= Self.placement.depth, let object = objects[id], paths[id] == nil else { continue }
            let path = object["path"]?.string
            let resolved: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>": resolved = path.map { FilePath.join(parent, $0) } ?? parent
            case "SOURCE_ROOT": resolved = path.map { FilePath.join(root, $0) } ?? root
            case "<absolute>": resolved = path.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            default: resolved = nil // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: not the app's sources
            }
            guard let resolved, resolved.utf8.count <= Self.placement.pathLength else { continue }
            paths[id] = resolved
            placed += resolved.utf8.count
            pending += (object["children"]?.strings ?? []).reversed().map { ($0, resolved, depth + 1) }
        }
    }

    /// The native targets with their files, folders and language modes.
    func targets(projectName: String) -> [XcodeProject.Target] {
        let ids = project["targets"]?.strings.filter { objects[$0]?["isa"]?.string == "PBXNativeTarget" } ?? []
        var targets = ids.map { id in
            let target = objects[id] ?? .dictionary([:])
            var result = XcodeProject.Target(name: target["name"]?.string ?? id)
            result.files = sourceFiles(of: target)
            result.folders = (target["fileSystemSynchronizedGroups"]?.strings ?? []).compactMap {
                synchronizedFolder($0, for: id)
            }
            result.languageMode = languageMode(of: target, named: result.name, in: projectName)
            result.conditions = compilationConditions(of: target)
            return result
        }
        // A membership exception naming a target that does not synchronize the folder adds the files to it.
        for (group, object) in objects where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = paths[group] else { continue }
            for set in exceptionSets(of: object) {
                guard let index = ids.firstIndex(of: set.target),
                    !(objects[set.target]?["fileSystemSynchronizedGroups"]?.strings.contains(group) ?? false)
                else { continue }
                targets[index].added += set.paths.map { FilePath.join(folder, $0) }
            }
        }
        return targets
    }

    /// The files of the target's Sources build phases.
    private func sourceFiles(of target: PropertyListText) -> Set<String> {
        var files: Set<String> = []
        for phase in target["buildPhases"]?.strings ?? [] {
            guard objects[phase]?["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
            for buildFile in objects[phase]?["files"]?.strings ?? [] {
                if let reference = objects[buildFile]?["fileRef"]?.string, let path = paths[reference] {
                    files.insert(path)
                }
            }
        }
        return files
    }

    /// A membership exception set: the target it is for and the paths it names, relative to the folder.
    private func exceptionSets(of group: PropertyListText) -> [(target: String, paths: [String])] {
        (group["exceptions"]?.strings ?? []).compactMap { id in
            guard let set = objects[id], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                let target = set["target"]?.string
            else { return nil }
            return (target, set["membershipExceptions"]?.strings ?? [])
        }
    }

    /// The synchronized folder `group` as target `target` sees it: its exceptions for that target taken out.
    private func synchronizedFolder(_ group: String, for target: String) -> XcodeProject.SynchronizedFolder? {
        guard let object = objects[group], let folder = paths[group] else { return nil }
        let exceptions = exceptionSets(of: object).filter { $0.target == target }.flatMap(\.paths)
        return XcodeProject.SynchronizedFolder(
            path: folder, exceptions: exceptions.map { FilePath.join(folder, $0) },
            explicitFolders: (object["explicitFolders"]?.strings ?? []).map { FilePath.join(folder, $0) })
    }

    /// One configuration's value of a setting and where it was set.
    private struct Setting {
        let configuration: String
        let value: String?
        let place: String?
        let projectValue: String?
    }

    /// The target's language mode: for each of its configurations, `SWIFT_VERSION` from the target's settings,
    /// its base `.xcconfig`, then the project's configuration of the same name and its `.xcconfig`, as Xcode
    /// resolves them. A configuration in the Swift 6 mode decides (the build of it rejects what Swift 6 rejects).
    private func languageMode(of target: PropertyListText, named name: String, in project: String)
        -> SwiftLanguageMode
    {
        let key = "SWIFT_VERSION"
        let projectConfigurations = configurations(of: self.project)
        let settings = configurations(of: target).map { configuration -> Setting in
            let projectSide = projectConfigurations.first { $0.name == configuration.name }
            let projectValue = projectSide?.settings[key] ?? projectSide?.base[key]
            if let value = configuration.settings[key] {
                return Setting(
                    configuration: configuration.name, value: value, place: "on the target", projectValue: projectValue)
            }
            if let value = configuration.base[key] {
                return Setting(
                    configuration: configuration.name, value: value,
                    place: "in the target's \(configuration.baseName ?? "xcconfig")", projectValue: projectValue)
            }
            if let value = projectSide?.settings[key] {
                return Setting(
                    configuration: configuration.name, value: value, place: "on the project, not set on the target",
                    projectValue: nil)
            }
            if let value = projectSide?.base[key] {
                return Setting(
                    configuration: configuration.name, value: value,
                    place: "in the project's \(projectSide?.baseName ?? "xcconfig"), not set on the target",
                    projectValue: nil)
            }
            return Setting(configuration: configuration.name, value: nil, place: nil, projectValue: nil)
        }
        let major = { (setting: Setting) in setting.value.flatMap { Int($0.split(separator: ".").first ?? "") } }
        guard
            let deciding = settings.first(where: { (major($0) ?? 0) >= 6 })
                ?? settings.first(where: { $0.value != nil }),
            let value = deciding.value, let place = deciding.place
        else {
            return SwiftLanguageMode(isSwift6: false, decidedBy: "target \(name) in \(project) sets no SWIFT_VERSION")
        }
        let agree = Set(settings.map { "\($0.value ?? "") \($0.place ?? "")" }).count == 1
        let over = deciding.projectValue.map { $0 == value ? "" : ", over \($0) on the project" } ?? ""
        let which = agree ? "" : " (\(deciding.configuration) configuration)"
        return SwiftLanguageMode(
            isSwift6: (major(deciding) ?? 0) >= 6,
            decidedBy: "target \(name) in \(project): SWIFT_VERSION = \(value) \(place)\(over)\(which)")
    }

    /// The custom conditions `#if` sees when the target is built for release: `SWIFT_ACTIVE_COMPILATION_CONDITIONS`
    /// of its Release configuration (its default one when none is so named), from the target's settings, its base
    /// `.xcconfig`, then the project's, `$(inherited)` standing for the project's.
    private func compilationConditions(of target: PropertyListText) -> Set<String> {
        let key = "SWIFT_ACTIVE_COMPILATION_CONDITIONS"
        let own = configurations(of: target)
        guard let configuration = own.first(where: { $0.name == "Release" }) ?? own.first else { return [] }
        let projectSide = configurations(of: project).first { $0.name == configuration.name }
        let projectValue = projectSide?.settings[key] ?? projectSide?.base[key]
        let targetValue = configuration.settings[key] ?? configuration.base[key]
        func words(_ text: String?, inherited: String?) -> [String] {
            (text ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\"" }).flatMap { word -> [String] in
                word == "$(inherited)" || word == "${inherited}" ? words(inherited, inherited: nil) : [String(word)]
            }
        }
        return Set(targetValue.map { words($0, inherited: projectValue) } ?? words(projectValue, inherited: nil))
    }

    /// A build configuration: its name, its build settings and those of its base `.xcconfig`.
    private struct Configuration {
        let name: String
        let settings: [String: String]
        let base: [String: String]
        let baseName: String?
    }

    /// The configurations of the target's or project's configuration list, the default one first.
    private func configurations(of owner: PropertyListText) -> [Configuration] {
        guard let list = owner["buildConfigurationList"]?.string.flatMap({ objects[$0] }) else { return [] }
        let preferred = list["defaultConfigurationName"]?.string
        let found = (list["buildConfigurations"]?.strings ?? []).compactMap { id -> Configuration? in
            guard let configuration = objects[id], let name = configuration["name"]?.string else { return nil }
            var settings: [String: String] = [:]
            if case .dictionary(let values)? = configuration["buildSettings"] {
                for (key, value) in values {
                    if let text = value.string {
                        settings[key] = text
                    } else if case .array = value {
                        settings[key] = value.strings.joined(separator: " ")
                    }
                }
            }
            var basePath = configuration["baseConfigurationReference"]?.string.flatMap { paths[$0] }
            // Xcode 16 names an .xcconfig inside a synchronized folder by the folder and a relative path.
            if basePath == nil,
                let anchor = configuration["baseConfigurationReferenceAnchor"]?.string.flatMap({ paths[$0] }),
                let relative = configuration["baseConfigurationReferenceRelativePath"]?.string
            {
                basePath = FilePath.join(anchor, relative)
            }
            return Configuration(
                name: name, settings: settings,
                base: basePath.map { XcodeConfigFile.settings(at: $0, inside: folder) } ?? [:],
                baseName: basePath.map { URL(fileURLWithPath: $0).lastPathComponent })
        }
        return found.filter { $0.name == preferred } + found.filter { $0.name != preferred }
    }
}

/// The build settings of an `.xcconfig` file: `KEY = value` lines, `#include`d files first, later lines winning;
/// settings with a condition (`KEY[sdk=…]`) are left out.
enum XcodeConfigFile {
    /// The settings of the file at `path` (empty when it cannot be read, or is not a file inside `folder`, the
    /// project's: ``NamedFile``); `#include`s are followed 8 deep, inside `folder` too.
    static func settings(at path: String, inside folder: String, depth: Int = 0) -> [String: String] {
        guard depth < 8, case .success(let text) = NamedFile.text(at: path, inside: folder) else { return [:] }
        var settings: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let included = trimmed.firstMatch(of: #/^#include\??\s+"([^"]+)"/#) {
                let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
                let file = FilePath.join(base, String(included.1))
                settings.merge(Self.settings(at: file, inside: folder, depth: depth + 1)) { _, new in new }
            } else if let setting = trimmed.firstMatch(of: #/^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?);?$/#) {
                settings[String(setting.1)] = String(setting.2).trimmingCharacters(in: .whitespaces)
            }
        }
        return settings
    }
}
