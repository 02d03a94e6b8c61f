import Foundation

/// The packages an app's code imports from its own package's dependencies, as its build gets them: a local package
/// (`.package(path: "../Core")`) is built beside the app in the compiled level's package, with the library products the
/// needed files import, and so is a remote dependency (`.package(url:…)`) of the app's package that its own build
/// already fetched or that SwiftPM resolves for the compiled level (``ResolvedCheckouts``, ``RemoteResolution``); a
/// module that only a remote dependency not fetched can provide is named, with why it was not fetched.
package struct PackageDependencies: Sendable, Equatable, Codable {
    /// A local package built with the app.
    package struct Local: Sendable, Equatable, Codable {
        /// The package's folder.
        package let folder: String
        /// Its identity, as `.product(name:package:)` names it (the folder's name).
        package let identity: String
        /// The library products the app's files import, in name order.
        package let products: [String]
    }

    /// A module the app's files import that no local package provides, and the remote packages that may.
    package struct Remote: Sendable, Equatable, Codable {
        /// The module.
        package let module: String
        /// The remote packages the app's manifest depends on, or those the local package providing the module needs.
        package let urls: [String]
        /// The folder of the local package providing the module, when it is not built because it (or a package it
        /// depends on by path) needs remote packages.
        package var via: String? = nil
        /// The folder of the app's package, whose `swift package resolve` would fetch the remote packages where the
        /// compiled level builds them from (nil for a project's packages, which Xcode fetches elsewhere).
        package var resolveIn: String? = nil
        /// Why the compiled level's own resolution did not fetch them (``RemoteResolution``), for the app's package.
        package var unfetched: String? = nil
    }

    /// The local packages to build, in the manifest's order.
    package let local: [Local]
    /// The modules left to remote packages, in name order.
    package let remote: [Remote]

    /// Modules an app's file may import that are neither Apple's nor a package's.
    static let toolchainModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "SwiftData", "Strata", "Observation",
        "Dispatch", "RegexBuilder", "Synchronization", "_Concurrency", "Glibc", "Darwin", "XCTest", "Testing",
    ]

    /// No dependency.
    package static let none = PackageDependencies(local: [], remote: [])

    /// The dependencies `local` and `remote`.
    init(local: [Local], remote: [Remote]) {
        self.local = local
        self.remote = remote
    }

    /// The dependencies of the package holding `folder` (the nearest `Package.swift` above it, one of whose targets
    /// holds the folder), or else of the Xcode project (or Tuist or XcodeGen manifest) in it or the three folders above
    /// it, that provide the modules in `imports`; none when nothing holds it or a manifest cannot be read. The package's
    /// remote dependencies with no copy at hand are resolved as `resolution` allows, when its files import a module
    /// no local package provides.
    init(folder: URL, imports: Set<String>, resolution: RemoteResolution = .withheld("fetching was not asked for")) {
        let wanted = imports.subtracting(Self.toolchainModules).subtracting(AppleModules.unavailable)
        guard !wanted.isEmpty else {
            self = .none
            return
        }
        let start = folder.standardizedFileURL.path
        var candidates: [(folder: String, products: [(name: String, targets: [String])], remote: [String])] = []
        var urls: [String] = []
        let manifest = Self.manifest(around: folder)
        let holding = Set(
            (manifest?.targets ?? []).filter { start == $0.folder || start.isInside($0.folder) }.map(\.name))
        var paths: [String] = []
        var resolveIn: String?
        var unfetched: String?
        if let manifest, !holding.isEmpty {
            // The package's own libraries (a sibling target), less those holding the folder, then its path
            // dependencies.
            candidates.append(
                (
                    manifest.folder, manifest.products.filter { Set($0.targets).isDisjoint(with: holding) },
                    Self.remoteNeeds(of: manifest)
                ))
            // A remote package the package's own build already fetched (or mirrors to a folder) is built from there;
            // the others are resolved by SwiftPM in a scratch package of the compiled level's, when it may fetch and
            // the files import a module no local package provides.
            var resolved: String?
            let remote = manifest.dependencies.filter {
                $0.url.map { ResolvedCheckouts.folder(for: $0, package: manifest.folder) == nil } ?? false
            }
            let localModules = Set(
                ([manifest]
                    + manifest.dependencies.compactMap(\.path).compactMap {
                        try? PackageManifest(url: URL(fileURLWithPath: FilePath.join($0, "Package.swift")))
                    }).flatMap { $0.products.flatMap { [$0.name] + $0.targets } + $0.targets.map(\.name) })
            if !remote.isEmpty && !wanted.isSubset(of: localModules) {
                switch resolution.resolve(
                    remote, of: URL(fileURLWithPath: FilePath.join(manifest.folder, "Package.swift")))
                {
                case .success(let folder): resolved = folder
                case .failure(let failure): unfetched = failure.cause
                }
            }
            let fetched = manifest.dependencies.compactMap(\.url).map {
                ($0, ResolvedCheckouts.folder(for: $0, package: manifest.folder, resolved: resolved))
            }
            paths = manifest.dependencies.compactMap(\.path) + fetched.compactMap(\.1)
            urls = fetched.filter { $0.1 == nil }.map(\.0)
            resolveIn = manifest.folder
        } else if let project = ProjectPackages(around: start) {
            // An app target of a project: the local packages the project references.
            paths = project.paths
            urls = project.urls
        } else {
            // A folder in no target of a package (a fixture in a package's Tests/ tree) and in no project.
            self = .none
            return
        }
        for path in paths {
            guard let found = try? PackageManifest(url: URL(fileURLWithPath: FilePath.join(path, "Package.swift")))
            else { continue }
            candidates.append((found.folder, found.products, Self.remoteNeeds(of: found)))
        }
        var local: [Local] = []
        var blocked: [Remote] = []
        var remaining = wanted
        for candidate in candidates {
            let products = candidate.products.filter { product in
                remaining.contains(product.name) || !remaining.isDisjoint(with: product.targets)
            }
            guard !products.isEmpty else { continue }
            for product in products {
                remaining.remove(product.name)
                remaining.subtract(product.targets)
            }
            // A package needing remote packages is not added: SwiftPM would fetch them for every app of the cache.
            guard candidate.remote.isEmpty else {
                blocked += products.map { Remote(module: $0.name, urls: candidate.remote, via: candidate.folder) }
                continue
            }
            local.append(
                Local(
                    folder: candidate.folder, identity: URL(fileURLWithPath: candidate.folder).lastPathComponent,
                    products: products.map(\.name).sorted()))
        }
        self.local = local
        remote =
            (blocked
            + (urls.isEmpty
                ? [] : remaining.map { Remote(module: $0, urls: urls, resolveIn: resolveIn, unfetched: unfetched) }))
            .sorted {
                $0.module < $1.module
            }
    }

    /// The remote packages `manifest` needs, itself or through its path dependencies (a few levels deep).
    private static func remoteNeeds(of manifest: PackageManifest, depth: Int = 0) -> [String] {
        var urls = manifest.dependencies.compactMap(\.url)
        guard depth < 4 else { return urls }
        for path in manifest.dependencies.compactMap(\.path) {
            guard let found = try? PackageManifest(url: URL(fileURLWithPath: FilePath.join(path, "Package.swift")))
            else { continue }
            urls += remoteNeeds(of: found, depth: depth + 1).filter { !urls.contains($0) }
        }
        return urls
    }

    /// The nearest `Package.swift` at or above `folder`, read; nil when there is none or it cannot be read.
    private static func manifest(around folder: URL) -> PackageManifest? {
        var directory = folder.standardizedFileURL.path
        while true {
            let candidate = FilePath.join(directory, "Package.swift")
            if FileManager.default.fileExists(atPath: candidate) {
                return try? PackageManifest(url: URL(fileURLWithPath: candidate))
            }
            let parent = FilePath.join(directory, "..")
            guard parent != directory else { return nil }
            directory = parent
        }
    }

    /// The Swift files of the local packages' `Sources`, path and text, for the content hash (a change in a local
    /// package rebuilds the app).
    func sourceDigestInput() -> String {
        var text = ""
        for package in local {
            let sources = FilePath.join(package.folder, "Sources")
            let paths = (FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []).sorted()
            for path in paths where path.hasSuffix(".swift") {
                let data = FileManager.default.contents(atPath: FilePath.join(sources, path)) ?? Data()
                text += "\u{0}\(package.folder)/\(path)\u{0}" + String(decoding: data, as: UTF8.self)
            }
        }
        return text
    }
}
