import Foundation
import Strata

/// The one package in the cache that the compiled level builds every app in: an executable target per app folder,
/// all depending on one Strata by path, so Strata and its dependencies are built once and an app's change compiles
/// only that app's files. It lives in `$XDG_CACHE_HOME/strata/apps` (`~/.cache/strata/apps` without it).
package struct CompiledPackage: Sendable {
    /// The package's folder.
    package let root: URL
    /// The Strata package the apps are built against.
    package let strata: URL

    /// The package in `cache` (default: the XDG cache) against the Strata package at `strata` (default: this
    /// Strata's, see ``defaultStrataPackage(environment:)``).
    package init(
        cache: URL? = nil, strata: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        let cache = cache ?? Self.defaultCache(environment: environment)
        root = cache.appendingPathComponent("apps").resolvingSymlinksInPath()
        self.strata = strata ?? Self.defaultStrataPackage(environment: environment)
    }

    /// `$XDG_CACHE_HOME/strata`, or `~/.cache/strata`.
    package static func defaultCache(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("strata")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/strata")
    }

    /// `$STRATA_PACKAGE_PATH`, or the package this Strata was built from (``builtFrom``).
    package static func defaultStrataPackage(environment: [String: String]) -> URL {
        if let path = environment["STRATA_PACKAGE_PATH"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return builtFrom
    }

    /// The folder of the package this Strata was compiled from, recorded at compile time (this file's path): an
    /// installed `strata` keeps pointing at the clone it was built in.
    package static var builtFrom: URL {
        // Sources/StrataSources/Compiled/CompiledPackage.swift -> the package folder.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }

    /// True when `strata` holds a package to build against.
    package var strataIsPresent: Bool {
        FileManager.default.fileExists(atPath: strata.appendingPathComponent("Package.swift").path)
    }

    /// The folder of `app`'s target.
    package func folder(of app: CompiledApp) -> URL {
        root.appendingPathComponent("Sources").appendingPathComponent(app.target)
    }

    /// Where the build of `app` puts its executable (a debug build).
    package func binary(of app: CompiledApp) -> URL {
        root.appendingPathComponent(".build/debug").appendingPathComponent(app.target)
    }

    /// The file recording the local packages `target` is built with.
    func dependenciesFile(of target: String) -> URL {
        root.appendingPathComponent("Dependencies").appendingPathComponent(target + ".json")
    }

    /// The local packages each target of `targets` was written with (``write(_:)`` records them).
    func dependencies(of targets: [String]) -> [String: [PackageDependencies.Local]] {
        var found: [String: [PackageDependencies.Local]] = [:]
        for target in targets {
            guard let data = FileManager.default.contents(atPath: dependenciesFile(of: target).path),
                let local = try? JSONDecoder().decode([PackageDependencies.Local].self, from: data)
            else { continue }
            found[target] = local
        }
        return found
    }

    /// The manifest listing the targets `targets`, each with the products of the local packages it uses
    /// (`dependencies`), naming the Strata package's file list (``strataFiles``).
    func manifest(targets: [String], dependencies: [String: [PackageDependencies.Local]] = [:]) -> String {
        let list = targets.map { target -> String in
            var products: [String] = []
            for package in dependencies[target] ?? [] {
                for product in package.products {
                    products.append(
                        ".product(name: \(CompiledApp.literal(product)), package: \(CompiledApp.literal(package.identity)))"
                    )
                }
            }
            return "    (\(CompiledApp.literal(target)), [\(products.joined(separator: ", "))]),"
        }.joined(separator: "\n")
        var folders: [String] = []
        for package in dependencies.values.joined() where !folders.contains(package.folder) {
            folders.append(package.folder)
        }
        let packages = folders.sorted().map { ", .package(path: \(CompiledApp.literal($0)))" }.joined()
        return """
            // swift-tools-version:6.1
            // Generated by strata's compiled level: one executable per app source folder, all built against one Strata.
            // Strata's files: \(strataFiles)
            import PackageDescription

            let apps: [(String, [Target.Dependency])] = [
            \(list)
            ]

            let package = Package(
                name: "StrataApps",
                platforms: [.macOS(.v14)],
                dependencies: [.package(name: "Strata", path: \(CompiledApp.literal(strata.path)))\(packages)],
                targets: apps.map { app, packages in
                    .executableTarget(
                        name: app,
                        dependencies: [
                            .product(name: "Strata", package: "Strata"), .product(name: "StrataCLI", package: "Strata"),
                        ] + packages,
                        path: "Sources/" + app,
                        // Apps' model code often predates Swift 6's strict concurrency (`static var versionIdentifier`).
                        swiftSettings: [.swiftLanguageMode(.v5)]
                    )
                }
            )

            """
    }

    /// A digest of the Strata package's manifest and the paths of its source files. SwiftPM plans a build again when
    /// the root package's manifest changes, but not when a package it depends on by path loses a file (an updated
    /// Strata's build then fails on "missing inputs"); naming the file list in the manifest makes it plan again.
    var strataFiles: String {
        var hasher = SHA256()
        hasher.update(
            data: FileManager.default.contents(atPath: strata.appendingPathComponent("Package.swift").path) ?? Data())
        let sources = strata.appendingPathComponent("Sources")
        let paths = (FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []).sorted()
        for path in paths { hasher.update(data: Data("\u{0}\(path)".utf8)) }
        return SHA256.hex(hasher.finalize().prefix(8))
    }

    /// Drops `target` from the cache when a local package it was written with is gone (an app's checkout moved or
    /// deleted), so that the manifest never names a missing folder, or when one has the identity of a package `app`
    /// uses from another folder (one app's checkout of a package and another's copy SwiftPM resolved), as SwiftPM
    /// refuses a graph holding both: either would stop every app's build. The app dropped is written again on its
    /// next run. Returns true when it was dropped.
    private func dropIfItClashes(_ target: String, with app: CompiledApp?) -> Bool {
        let manager = FileManager.default
        let packages = dependencies(of: [target])[target] ?? []
        let gone = packages.contains {
            !manager.fileExists(atPath: URL(fileURLWithPath: $0.folder).appendingPathComponent("Package.swift").path)
        }
        let clashing = packages.contains { package in
            app?.dependencies.local.contains {
                $0.identity.lowercased() == package.identity.lowercased() && $0.folder != package.folder
            } ?? false
        }
        guard gone || clashing else { return false }
        drop(target)
        return true
    }

    /// Removes `target` from the cache: its build products first (the executable, its objects and module), then its
    /// recorded build, the local packages it was written with and its files.
    private func drop(_ target: String) {
        let manager = FileManager.default
        let debug = root.appendingPathComponent(".build/debug")
        for folder in [debug, debug.appendingPathComponent("Modules")] {
            let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name == target || name.hasPrefix(target + ".") || name.hasPrefix(target + "-") {
                try? manager.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        try? manager.removeItem(at: root.appendingPathComponent("state").appendingPathComponent(target + ".json"))
        try? manager.removeItem(at: dependenciesFile(of: target))
        try? manager.removeItem(at: root.appendingPathComponent("Sources").appendingPathComponent(target))
    }

    /// Removes the target of the app in `folder` (a scratch copy built once, such as `next-version`'s proof) and
    /// its build from the cache, and the manifest's line for it; nothing when the cache holds no such target. Call it
    /// under the build lock (``CompiledBuild/remove(_:)``).
    func remove(_ folder: URL) throws {
        let target = CompiledApp.target(of: folder)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/\(target)").path) else {
            return
        }
        drop(target)
        try writeManifest()
    }

    /// Writes the manifest listing every target in the cache (dropping those whose local packages are gone or clash
    /// with `keeping`'s, but `keeping`), only when it changes, so SwiftPM does not reload it for nothing.
    private func writeManifest(keeping app: CompiledApp? = nil) throws {
        let manager = FileManager.default
        let targets = try manager.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
            .filter { $0.hasPrefix("App_") }.sorted()
            .filter { $0 == app?.target || !dropIfItClashes($0, with: app) }
        let manifest = Data(manifest(targets: targets, dependencies: dependencies(of: targets)).utf8)
        let manifestURL = root.appendingPathComponent("Package.swift")
        if manager.contents(atPath: manifestURL.path) != manifest { try manifest.write(to: manifestURL) }
    }

    /// Writes `app`'s target (replacing what was there), the local packages it uses, and the manifest listing every
    /// target in the cache with theirs; the manifest is rewritten only when it changes, so SwiftPM does not reload it
    /// for nothing.
    package func write(_ app: CompiledApp) throws {
        let manager = FileManager.default
        let folder = folder(of: app)
        if manager.fileExists(atPath: folder.path) { try manager.removeItem(at: folder) }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in app.files {
            try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name))
        }
        let recorded = dependenciesFile(of: app.target)
        if app.dependencies.local.isEmpty {
            if manager.fileExists(atPath: recorded.path) { try manager.removeItem(at: recorded) }
        } else {
            try manager.createDirectory(at: recorded.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(app.dependencies.local).write(to: recorded)
        }
        try writeManifest(keeping: app)
        // The versions Strata itself was resolved at, so the cache builds the same dependencies.
        let resolved = root.appendingPathComponent("Package.resolved")
        let strataResolved = strata.appendingPathComponent("Package.resolved")
        if !manager.fileExists(atPath: resolved.path), manager.fileExists(atPath: strataResolved.path) {
            try manager.copyItem(at: strataResolved, to: resolved)
        }
    }
}
