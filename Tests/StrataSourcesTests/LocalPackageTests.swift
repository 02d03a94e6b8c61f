import AppleStoreFixtures
import Foundation
import Testing

@testable import StrataSources

/// A models package that imports another package of the same repository (`.package(path:)`) is built with it, as the
/// app's build does; a module only a remote dependency provides is named, with what would let it build.
@Suite struct LocalPackageTests {
    static let repository = FixtureTree.folder("MealPlanRepo")
    static let models = repository.appendingPathComponent("Packages/MealData/Sources/MealData")
    static let kitchen = repository.appendingPathComponent("Packages/Kitchen").standardizedFileURL.path

    @Test func theLocalPackageTheStageImportsIsBuiltWithTheApp() throws {
        let app = CompiledApp(sources: try AppSources(folder: Self.models))
        #expect(app.dependencies.local == [.init(folder: Self.kitchen, identity: "Kitchen", products: ["Kitchen"])])
        // The remote package the manifest names is not imported by the needed files: nothing to fetch.
        #expect(app.dependencies.remote.isEmpty)

        let cache = try TemporaryFolder()
        let package = CompiledPackage(cache: cache.url, strata: CompiledPackage.defaultStrataPackage(environment: [:]))
        try package.write(app)
        let manifest = try String(contentsOf: package.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "\#(Self.kitchen)")"#))
        #expect(manifest.contains(#"("\#(app.target)", [.product(name: "Kitchen", package: "Kitchen")]),"#))
        // Another app without local packages keeps only Strata's products.
        let recipes = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("RecipesApp")))
        try package.write(recipes)
        let both = try String(contentsOf: package.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(both.contains(#"("\#(recipes.target)", []),"#))
        #expect(both.contains(#".product(name: "Kitchen", package: "Kitchen")"#))
    }

    /// An app whose local package is gone (its checkout deleted) is dropped from the shared cache when another app is
    /// written: the manifest never names a missing folder, which would stop every app's build.
    @Test func anAppWhoseLocalPackageIsGoneIsDroppedFromTheCache() throws {
        let copy = try TemporaryFolder()
        try copy.copy(Self.repository)
        let meals = CompiledApp(
            sources: try AppSources(folder: copy.url.appendingPathComponent("Packages/MealData/Sources/MealData")))
        let kitchen = try #require(meals.dependencies.local.first).folder
        let cache = try TemporaryFolder()
        let package = CompiledPackage(cache: cache.url, strata: CompiledPackage.defaultStrataPackage(environment: [:]))
        try package.write(meals)
        let manifestURL = package.root.appendingPathComponent("Package.swift")
        #expect(try String(contentsOf: manifestURL, encoding: .utf8).contains(kitchen))

        try FileManager.default.removeItem(at: copy.url)
        let recipes = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("RecipesApp")))
        try package.write(recipes)
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        #expect(!manifest.contains(kitchen))
        #expect(!manifest.contains(meals.target))
        #expect(manifest.contains(#"("\#(recipes.target)", []),"#))
        #expect(!FileManager.default.fileExists(atPath: package.folder(of: meals).path))
        #expect(!FileManager.default.fileExists(atPath: package.dependenciesFile(of: meals.target).path))
    }

    @Test func anAppBuildingAnotherCopyOfAPackageIsDroppedFromTheCache() throws {
        // Two checkouts of one repository: each app's Kitchen package has the same identity from its own folder,
        // which SwiftPM refuses in one graph.
        let (first, second) = (try TemporaryFolder(), try TemporaryFolder())
        try first.copy(Self.repository)
        try second.copy(Self.repository)
        let apps = try [first, second].map {
            CompiledApp(
                sources: try AppSources(folder: $0.url.appendingPathComponent("Packages/MealData/Sources/MealData")))
        }
        let cache = try TemporaryFolder()
        let package = CompiledPackage(cache: cache.url, strata: CompiledPackage.defaultStrataPackage(environment: [:]))
        try package.write(apps[0])
        try package.write(apps[1])
        let manifest = try String(contentsOf: package.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let kitchens = try apps.map { try #require($0.dependencies.local.first).folder }
        #expect(kitchens[0] != kitchens[1])
        #expect(manifest.contains(kitchens[1]) && manifest.contains(apps[1].target))
        #expect(!manifest.contains(kitchens[0]) && !manifest.contains(apps[0].target))
        #expect(!FileManager.default.fileExists(atPath: package.folder(of: apps[0]).path))
    }

    @Test func aChangeInTheLocalPackageRebuildsTheApp() throws {
        let copy = try TemporaryFolder()
        try copy.copy(Self.repository)
        let folder = copy.url.appendingPathComponent("Packages/MealData/Sources/MealData")
        let first = CompiledApp(sources: try AppSources(folder: folder)).contentHash(salt: "")
        #expect(CompiledApp(sources: try AppSources(folder: folder)).contentHash(salt: "") == first)
        try copy.append("Packages/Kitchen/Sources/Kitchen/Portion.swift", "\npublic let teaspoon = 5\n")
        #expect(CompiledApp(sources: try AppSources(folder: folder)).contentHash(salt: "") != first)
    }

    @Test func aLocalPackageNeedingARemoteOneIsNamedNotBuilt() throws {
        let repository = try TemporaryFolder()
        let manager = FileManager.default
        for folder in ["Models/Sources/Models", "Graphs/Sources/Graphs"] {
            try manager.createDirectory(
                at: repository.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try repository.write(
            "Models/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Models",
                dependencies: [.package(path: "../Graphs")],
                targets: [.target(name: "Models", dependencies: ["Graphs"])]
            )
            """)
        try repository.write(
            "Graphs/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Graphs",
                products: [.library(name: "Graphs", targets: ["Graphs"])],
                dependencies: [.package(url: "https://github.com/example/plotting.git", from: "3.0.0")],
                targets: [.target(name: "Graphs", dependencies: [.product(name: "Plotting", package: "plotting")])]
            )
            """)
        let graphs = repository.url.appendingPathComponent("Graphs").standardizedFileURL.path
        let found = PackageDependencies(
            folder: repository.url.appendingPathComponent("Models/Sources/Models"),
            imports: ["Foundation", "SwiftData", "Graphs"])
        // Built, it would make SwiftPM fetch the remote package for every app of the cache.
        #expect(found.local.isEmpty)
        #expect(
            found.remote == [.init(module: "Graphs", urls: ["https://github.com/example/plotting.git"], via: graphs)])
    }

    @Test func anAppTargetGetsTheLocalPackagesItsProjectReferences() throws {
        let app = try TemporaryFolder()
        let manager = FileManager.default
        for folder in ["Orchard/Models", "Packages/Shelf/Sources/Shelf"] {
            try manager.createDirectory(at: app.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try app.write(
            "Packages/Shelf/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Shelf",
                products: [.library(name: "ShelfKit", targets: ["Shelf"])],
                targets: [.target(name: "Shelf")]
            )
            """)
        let shelf = app.url.appendingPathComponent("Packages/Shelf").standardizedFileURL.path
        let models = app.url.appendingPathComponent("Orchard/Models")

        // XcodeGen's `packages:`.
        try app.write(
            "project.yml",
            """
            name: Orchard
            packages:
              Shelf:
                path: Packages/Shelf
              Charts:
                url: https://github.com/example/charts.git
                from: 1.0.0
            targets:
              Orchard:
                type: application
                sources: [Orchard]
            """)
        let fromSpec = PackageDependencies(folder: models, imports: ["SwiftData", "Shelf", "Charting"])
        #expect(fromSpec.local == [.init(folder: shelf, identity: "Shelf", products: ["ShelfKit"])])
        #expect(fromSpec.remote == [.init(module: "Charting", urls: ["https://github.com/example/charts.git"])])

        // An Xcode project's local package references, nearer than the spec.
        #expect(ProjectPackages(around: models.standardizedFileURL.path)?.paths == [shelf]) // the spec's, until then
        try manager.createDirectory(
            at: app.url.appendingPathComponent("Orchard/Orchard.xcodeproj"), withIntermediateDirectories: true)
        try app.write(
            "Orchard/Orchard.xcodeproj/project.pbxproj",
            """
            /* Begin XCLocalSwiftPackageReference section */
                    A1 /* XCLocalSwiftPackageReference "../Packages/Shelf" */ = {
                        isa = XCLocalSwiftPackageReference;
                        relativePath = ../Packages/Shelf;
                    };
            /* End XCLocalSwiftPackageReference section */
            """)
        let project = try #require(ProjectPackages(around: models.standardizedFileURL.path))
        #expect(project.paths == [shelf] && project.urls.isEmpty)

        // Tuist's `packages:`.
        let tuist = try TemporaryFolder()
        try tuist.write(
            "Project.swift",
            """
            import ProjectDescription

            let project = Project(
                name: "Tally",
                packages: [.local(path: "Packages/Shelf"), .remote(url: "https://github.com/example/charts.git", requirement: .upToNextMajor(from: "1.0.0"))],
                targets: [.target(name: "Tally", destinations: .iOS, product: .app, bundleId: "t", sources: ["Tally/**"])]
            )
            """)
        let fromTuist = try #require(ProjectPackages(around: tuist.url.standardizedFileURL.path))
        #expect(fromTuist.paths == [tuist.url.appendingPathComponent("Packages/Shelf").standardizedFileURL.path])
        #expect(fromTuist.urls == ["https://github.com/example/charts.git"])
    }

    /// A models package whose plan uses a remote package's module (ShelfLife, from shelf-life at `address`).
    static func pantry(address: String = "https://github.com/example/shelf-life.git") throws -> TemporaryFolder {
        let repository = try TemporaryFolder()
        let models = repository.url.appendingPathComponent("Sources/Pantry")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try repository.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Pantry",
                dependencies: [.package(url: "\(address)", exact: "0.4.0")],
                targets: [.target(name: "Pantry", dependencies: [.product(name: "ShelfLife", package: "shelf-life")])]
            )
            """)
        try repository.write(
            "Sources/Pantry/Pantry.swift",
            """
            import ShelfLife
            import SwiftData

            enum PantryV1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Jar.self] }
                @Model final class Jar {
                    var label: String
                    init(label: String) { self.label = label }
                }
            }

            enum PantryPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [PantryV1.self] }
                static var stages: [MigrationStage] { [] }
                static let days = ShelfLife.days(of: "jam")
            }

            """)
        return repository
    }

    @Test func aModuleOnlyARemotePackageProvidesIsNamedWhenTheBuildMissesIt() throws {
        let repository = try Self.pantry()
        let app = CompiledApp(sources: try AppSources(folder: repository.url.appendingPathComponent("Sources/Pantry")))
        let root = repository.url.standardizedFileURL.path
        #expect(app.dependencies.local.isEmpty)
        #expect(
            app.dependencies.remote == [
                .init(
                    module: "ShelfLife", urls: ["https://github.com/example/shelf-life.git"], resolveIn: root,
                    unfetched: "fetching was not asked for")
            ])
        let copies = URL(fileURLWithPath: "/cache/apps/Sources").appendingPathComponent(app.target)
        let log = "\(copies.path)/Pantry.swift:1:8: error: no such module 'ShelfLife'\n"
        let problem = try #require(BuildProblem.parse(log, app: app, folder: copies).first)
        #expect(
            problem.message
                == "no such module 'ShelfLife' (ShelfLife is not in the app's local packages; its package depends on https://github.com/example/shelf-life.git, which strata did not fetch (fetching was not asked for), with no copy in \(root)/.build/checkouts either: `swift package resolve` there, with the network, or a local checkout named with .package(path:) in its Package.swift would let it build)"
        )
    }

    @Test func aRemotePackageTheAppsBuildAlreadyFetchedIsBuiltFromItsCheckout() throws {
        let repository = try Self.pantry()
        let models = repository.url.appendingPathComponent("Sources/Pantry")
        // What `swift package resolve` in the package leaves.
        let checkout = repository.url.appendingPathComponent(".build/checkouts/shelf-life")
        try FileManager.default.createDirectory(
            at: checkout.appendingPathComponent("Sources/ShelfLife"), withIntermediateDirectories: true)
        try repository.write(".build/checkouts/shelf-life/Package.swift", RemotePackageFixture.shelfLifeManifest)
        let app = CompiledApp(sources: try AppSources(folder: models))
        #expect(app.dependencies.remote.isEmpty)
        #expect(
            app.dependencies.local == [
                .init(folder: checkout.standardizedFileURL.path, identity: "shelf-life", products: ["ShelfLife"])
            ])

        // A mirror to a local folder, configured for the package, comes first.
        let mirror = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: mirror.url.appendingPathComponent("shelf-life/Sources/ShelfLife"), withIntermediateDirectories: true)
        try mirror.write("shelf-life/Package.swift", RemotePackageFixture.shelfLifeManifest)
        try FileManager.default.createDirectory(
            at: repository.url.appendingPathComponent(".swiftpm/configuration"), withIntermediateDirectories: true)
        try repository.write(
            ".swiftpm/configuration/mirrors.json",
            """
            {
              "object" : [
                {
                  "mirror" : "file://\(mirror.url.path)/shelf-life",
                  "original" : "https://github.com/example/shelf-life.git"
                }
              ],
              "version" : 1
            }
            """)
        let mirrored = CompiledApp(sources: try AppSources(folder: models))
        #expect(mirrored.dependencies.local.map(\.folder) == [mirror.url.appendingPathComponent("shelf-life").path])
        #expect(mirrored.dependencies.remote.isEmpty)
    }
}
