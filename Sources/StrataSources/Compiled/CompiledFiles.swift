import Foundation

/// The Swift files of an app's source folder that its build compiles, and why the others are left out: where the
/// folder or one of the three above it holds an Xcode project (or the Tuist `Project.swift` or XcodeGen `project.yml`
/// that generates one), the files its targets compile; where it holds a
/// `Package.swift`, the files of its targets' folders less their excludes; otherwise every file. `--exclude` globs
/// leave out more. Each file read has the language mode of the target compiling it.
package struct CompiledFiles: Sendable {
    /// A file left out, and why ("not in any target").
    package struct Skipped: Hashable, Sendable {
        /// Its path relative to the folder.
        package let file: String
        /// Why it was not read.
        package let reason: String
    }

    /// The folder read.
    package let folder: URL
    /// The project that chose the files ("MyApp.xcodeproj", "Package.swift"), or nil when none did.
    package let project: String?
    /// The files read (paths as found under the folder), in path order.
    package let read: [String]
    /// The targets compiling the files read, in the project's order.
    package let targets: [String]
    /// The files left out, in path order.
    package let skipped: [Skipped]
    /// True when no project chose the files: two declarations of one type are then an error of the folder.
    package let readsEveryFile: Bool
    /// The language mode of each file read, by path.
    private let modes: [String: SwiftLanguageMode]
    /// The custom conditions (`-D`) the targets compiling the files read set in a release build: what `#if` sees
    /// beside the platform.
    package let compilationConditions: Set<String>
    /// The targets compiling each file read, by path (empty without a project).
    private let owners: [String: [String]]
    /// Why every file was read though a project was found (it compiles none of them).
    private let fallback: String?
    /// What the generated project's manifest holds that could not be read without running its generator.
    package let unread: [String]
    /// The Xcode projects (`.xcodeproj` folders) that chose the files, when Xcode projects did.
    let xcodeProjects: [URL]

    /// The files of `folder` its project compiles, less those `excluding` globs match; throws when the folder, or
    /// a project file it relies on, cannot be read.
    package init(folder: URL, excluding: [String] = []) throws {
        self.folder = folder
        let root = folder.standardizedFileURL.path
        var globs: [SourceGlob] = []
        for text in excluding {
            guard let glob = SourceGlob(text) else { throw SourceReadingError.badExclude(text) }
            globs.append(glob)
        }
        var candidates: [String] = []
        var skipped: [Skipped] = []
        for path in try SourceFolder.swiftFiles(in: folder) {
            let relative = Self.relative(path, to: root)
            if let glob = globs.first(where: { $0.matches(relative) }) {
                skipped.append(Skipped(file: relative, reason: "matching --exclude \(glob)"))
            } else {
                candidates.append(path)
            }
        }
        var around = try ProjectAround(folder: root)
        var read: [String] = []
        var modes: [String: SwiftLanguageMode] = [:]
        var owners: [String: [String]] = [:]
        var conditions: Set<String> = []
        var chosen: [Skipped] = []
        for path in candidates {
            let relative = Self.relative(path, to: root)
            switch try around.verdict(on: FilePath.join(root, path)) {
            case .compiled(let targets, let mode, let set):
                read.append(path)
                modes[path] = mode
                owners[path] = targets
                conditions.formUnion(set)
            case .leftOut(let reason):
                chosen.append(Skipped(file: relative, reason: reason))
            }
        }
        project = around.name
        unread = around.unread
        xcodeProjects = around.xcodeProjects
        if project != nil && read.isEmpty && !candidates.isEmpty {
            // A project nearby that compiles none of these files is not this folder's: read them all.
            fallback = "\(project ?? "") compiles none of them"
            read = candidates
            chosen = []
        } else {
            fallback = nil
        }
        readsEveryFile = project == nil || fallback != nil
        self.read = read
        self.modes = modes
        self.owners = owners
        compilationConditions = conditions
        self.skipped = (skipped + chosen).sorted { $0.file < $1.file }
        var targets: [String] = []
        for target in around.targetOrder
        where !targets.contains(target) && read.contains(where: { owners[$0]?.contains(target) ?? false }) {
            targets.append(target)
        }
        self.targets = targets
    }

    /// `file` (a path under the folder) relative to the folder.
    package func relativePath(_ file: String) -> String { Self.relative(file, to: folder.standardizedFileURL.path) }

    private static func relative(_ file: String, to root: String) -> String {
        FilePath.relative(FilePath.join(root, file), to: root)
    }

    /// The language mode `file` (a path read) builds in.
    package func languageMode(of file: String) -> SwiftLanguageMode { modes[file] ?? .unstated }

    /// The targets compiling `file` (a path read), in the project's order.
    package func targets(of file: String) -> [String] { owners[file] ?? [] }

    /// True when a target compiles both files (so two declarations of one type in them cannot both build), or no
    /// project chose the files.
    func compiledTogether(_ first: String, _ second: String) -> Bool {
        let (one, other) = (targets(of: first), targets(of: second))
        return readsEveryFile || (one.isEmpty && other.isEmpty) || !Set(one).isDisjoint(with: other)
    }

    /// What was read and what was not, in one line: "read 12 files of target MyApp in MyApp.xcodeproj; skipped 1
    /// file not in any target: Old/SchemaV1.swift".
    package var summary: String {
        let files = "\(read.count) file\(read.count == 1 ? "" : "s")"
        var parts: [String]
        if let project, let fallback {
            parts = ["read \(files): \(project) is nearby but \(fallback)"]
        } else if let project {
            let named =
                targets.isEmpty ? "" : " of target\(targets.count == 1 ? "" : "s") \(targets.joined(separator: ", "))"
            parts = ["read \(files)\(named) in \(project)"]
        } else {
            parts = ["read \(files) (no Xcode project or Package.swift in the folder or the three above it)"]
        }
        if !unread.isEmpty { parts.append("not read without running the generator: " + unread.joined(separator: "; ")) }
        var reasons: [String] = []
        for entry in skipped where !reasons.contains(entry.reason) { reasons.append(entry.reason) }
        for reason in reasons {
            let names = skipped.filter { $0.reason == reason }.map(\.file)
            parts.append(
                "skipped \(names.count) file\(names.count == 1 ? "" : "s") \(reason): \(names.joined(separator: ", "))")
        }
        return parts.joined(separator: "; ")
    }
}

/// The Xcode projects, Tuist or XcodeGen manifests, or `Package.swift` in a folder or the three above it (the nearest
/// level holding one, in that order), and what they do with a file; a file inside a package nested in the folder (an Xcode app's local
/// package) is that package's.
private struct ProjectAround {
    /// What the build does with a file.
    enum Verdict {
        /// Compiled by these targets, in this mode (a Swift 6 target's, when any compiling it builds in Swift 6),
        /// with the custom conditions they set for a release build.
        case compiled([String], SwiftLanguageMode, conditions: Set<String>)
        /// Not compiled, and why.
        case leftOut(String)
    }

    private var projects: [XcodeProject] = []
    /// The `.xcodeproj` folders found, when the projects are Xcode's own (not generated from a manifest).
    private(set) var xcodeProjects: [URL] = []
    private var manifest: PackageManifest?
    /// The folder read.
    private let root: String
    /// The packages found inside the folder, by their folder (nil where a folder holds none).
    private var nested: [String: PackageManifest?] = [:]
    /// The nested packages that decided for a file, in the order found.
    private var nestedUsed: [PackageManifest] = []
    /// The projects around the folder ("MyApp.xcodeproj", "App.xcodeproj and Widgets.xcodeproj", "Package.swift").
    private var around: String?

    /// "MyApp.xcodeproj", with the nested packages that decided ("… and Packages/Models/Package.swift"), or nil.
    var name: String? {
        let names =
            (around.map { [$0] } ?? [])
            + nestedUsed.map { FilePath.relative(FilePath.join($0.folder, "Package.swift"), to: root) }
        return names.isEmpty ? nil : names.joined(separator: " and ")
    }

    init(folder: String) throws {
        root = folder
        var directory = folder
        for _ in 0...3 {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            let xcode = names.filter { $0.hasSuffix(".xcodeproj") }
            if !xcode.isEmpty {
                xcodeProjects = xcode.map { URL(fileURLWithPath: FilePath.join(directory, $0)) }
                projects = try xcodeProjects.map { try XcodeProject(url: $0) }
                around = xcode.joined(separator: " and ")
                return
            }
            // A project generated by Tuist or XcodeGen: its manifest says what the generated project would.
            if names.contains(TuistManifest.fileName) {
                let url = URL(fileURLWithPath: FilePath.join(directory, TuistManifest.fileName))
                projects = [try TuistManifest.project(at: url)]
                around = TuistManifest.fileName + " (Tuist)"
                return
            }
            if let spec = XcodeGenSpec.fileNames.first(where: names.contains) {
                projects = [try XcodeGenSpec.project(at: URL(fileURLWithPath: FilePath.join(directory, spec)))]
                around = spec + " (XcodeGen)"
                return
            }
            if names.contains("Package.swift") {
                manifest = try PackageManifest(url: URL(fileURLWithPath: FilePath.join(directory, "Package.swift")))
                around = "Package.swift"
                return
            }
            let parent = FilePath.join(directory, "..")
            guard parent != directory else { return }
            directory = parent
        }
    }

    /// What the generated projects' manifests hold that could not be read without running their generator.
    var unread: [String] { projects.flatMap(\.unread) }

    /// The targets in the projects' order.
    var targetOrder: [String] {
        projects.flatMap { $0.targets.map(\.name) }
            + ([manifest].compactMap { $0 } + nestedUsed).flatMap {
                $0.targets.map(\.name)
            }
    }

    /// The package nested in the folder whose folder holds `file`, the innermost; throws when its manifest cannot
    /// be read.
    private mutating func nestedPackage(of file: String) throws -> PackageManifest? {
        var directory = FilePath.join(file, "..")
        while directory.isInside(root) {
            if nested[directory] == nil {
                let manifest = FilePath.join(directory, "Package.swift")
                nested[directory] =
                    FileManager.default.fileExists(atPath: manifest)
                    ? try PackageManifest(url: URL(fileURLWithPath: manifest)) : .some(nil)
            }
            if let found = nested[directory] ?? nil {
                if !nestedUsed.contains(where: { $0.folder == found.folder }) { nestedUsed.append(found) }
                return found
            }
            directory = FilePath.join(directory, "..")
        }
        return nil
    }

    /// What `manifest`'s targets do with `file`.
    private static func verdict(on file: String, in manifest: PackageManifest) -> Verdict {
        if file == FilePath.join(manifest.folder, "Package.swift")
            || URL(fileURLWithPath: file).lastPathComponent.hasPrefix("Package@swift-")
        {
            return .leftOut("that is the package manifest")
        }
        switch manifest.membership(of: file) {
        case .compiled(let target): return .compiled([target.name], target.languageMode, conditions: target.conditions)
        case .leftOut(let target, let argument): return .leftOut("left out of target \(target.name) (\(argument))")
        case .outside: return .leftOut("not in any target")
        }
    }

    /// What the build does with `file` (absolute, standardized); throws when a nested package's manifest cannot be
    /// read.
    mutating func verdict(on file: String) throws -> Verdict {
        if let package = try nestedPackage(of: file) ?? manifest { return Self.verdict(on: file, in: package) }
        guard !projects.isEmpty else { return .compiled([], .unstated, conditions: []) }
        let targets = projects.flatMap(\.targets)
        let compiling = targets.filter { $0.compiles(file) }
        if let first = compiling.first {
            let mode = (compiling.first { $0.languageMode.isSwift6 } ?? first).languageMode
            return .compiled(
                compiling.map(\.name), mode, conditions: compiling.reduce(into: []) { $0.formUnion($1.conditions) })
        }
        let excepting = targets.filter { $0.excepts(file) }.map(\.name)
        if !excepting.isEmpty {
            return .leftOut(
                "excluded from target\(excepting.count == 1 ? "" : "s") \(excepting.joined(separator: ", ")) by a membership exception"
            )
        }
        return .leftOut("not in any target")
    }
}
