import Foundation
import Testing

@testable import StrataSources

/// A scratch copy built once at the compiled level (`next-version --compiled`'s proof) leaves the shared cache with
/// its build (issue 45): its target, recorded build, executable, objects and module go, the manifest stops naming it,
/// and the other apps' targets stay.
@Suite struct CompiledScratchRemovalTests {
    /// Every path under `folder`, relative to it, sorted.
    static func listing(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []).sorted()
    }

    @Test func removingAScratchAppLeavesTheCacheAsItWasBeforeIt() throws {
        let cache = try TemporaryFolder()
        let package = CompiledPackage(cache: cache.url, strata: CompiledPackage.defaultStrataPackage(environment: [:]))
        let recipes = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("RecipesApp")))
        try package.write(recipes)
        // Its recorded build, as a build leaves it.
        try FileManager.default.createDirectory(
            at: package.root.appendingPathComponent("state"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: package.root.appendingPathComponent("state/\(recipes.target).json"))
        let before = Self.listing(package.root)
        let manifest = try String(contentsOf: package.root.appendingPathComponent("Package.swift"), encoding: .utf8)

        // The scratch copy: a folder of its own, written and "built" (its products where SwiftPM puts them).
        let scratch = try TemporaryFolder()
        try scratch.copy(FixtureTree.folder("RecipesApp"))
        let copy = CompiledApp(sources: try AppSources(folder: scratch.url))
        #expect(copy.target == CompiledApp.target(of: scratch.url) && copy.target != recipes.target)
        try package.write(copy)
        let debug = package.root.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(
            at: debug.appendingPathComponent("\(copy.target).build"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: debug.appendingPathComponent("Modules"), withIntermediateDirectories: true)
        for file in [copy.target, "Modules/\(copy.target).swiftmodule", "Modules/\(copy.target).o", recipes.target] {
            try Data("built".utf8).write(to: debug.appendingPathComponent(file))
        }
        try Data("{}".utf8).write(to: package.root.appendingPathComponent("state/\(copy.target).json"))
        #expect(Self.listing(package.root).contains { $0.contains(copy.target) })
        #expect(
            try String(contentsOf: package.root.appendingPathComponent("Package.swift"), encoding: .utf8)
                .contains(copy.target))

        try CompiledBuild(package: package) { _ in }.remove(scratch.url)
        let after = Self.listing(package.root)
        #expect(!after.contains { $0.contains(copy.target) }, "\(after.filter { $0.contains(copy.target) })")
        // What was there before the scratch copy, and the other app's build, stay.
        #expect(after.filter { !$0.hasPrefix(".build") && $0 != ".lock" } == before)
        #expect(after.contains(".build/debug/\(recipes.target)"))
        #expect(
            try String(contentsOf: package.root.appendingPathComponent("Package.swift"), encoding: .utf8) == manifest)
        // Removing it again, or an app never built, changes nothing.
        try CompiledBuild(package: package) { _ in }.remove(scratch.url)
        #expect(Self.listing(package.root) == after)
    }
}
