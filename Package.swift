// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .executable(name: "strata", targets: ["strata"]),
        .library(name: "StrataCLI", targets: ["StrataCLI"]),
        .library(name: "StrataAppleStores", targets: ["StrataAppleStores"]),
        .library(name: "StrataTerminal", targets: ["StrataTerminal"]),
    ],
    dependencies: [
        // Version ranges, not pins, so an app that depends on Strata resolves beside its own GRDB or swift-syntax;
        // swift-syntax's major version follows the compiler's (603 for Swift 6.3).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property-based tests (StrataSafetyTests only): generators with shrinking for Swift Testing.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation` for the DocC catalogs (no code of it is linked).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Which stored properties a @Model class declares, as swift-syntax sees them: shared by the macros and the
        // reader of an app's sources, so both build the same schema.
        .target(
            name: "StrataModelSyntax",
            dependencies: [.product(name: "SwiftSyntax", package: "swift-syntax")]
        ),
        .macro(
            name: "StrataMacros",
            dependencies: [
                "StrataModelSyntax",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "Strata",
            dependencies: [
                "StrataMacros", "StrataText",
                .product(name: "GRDB", package: "GRDB.swift"),
                // GRDB's own module of the system SQLite: saves bind row values through its C API.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Text where it meets a terminal: control characters made visible, display width in columns (no dependencies).
        .target(name: "StrataText"),
        // Reads an app's source folder (swift-syntax) into its versioned schemas and migration plans, compiling nothing;
        // its compiled level builds the files the plans need against this Strata in the cache (Compiled/).
        .target(
            name: "StrataSources",
            dependencies: [
                "Strata", "StrataModelSyntax",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                // Swift's operator precedence, to evaluate arithmetic in a property's default (`60 * 60 * 24`).
                .product(name: "SwiftOperators", package: "swift-syntax"),
                // `#if` conditions evaluated for the platform the app is built for.
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "StrataExamples",
            dependencies: ["Strata"]
        ),
        // libncursesw through a module map and a static-inline shim; only StrataTerminal imports it.
        .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"])]),
        // The terminal UI as pure state, reducer and frames (no ncurses), and the thin ncurses layer running it.
        .target(name: "StrataTUI", dependencies: ["Strata", "StrataAppleStores", "StrataText"]),
        .target(name: "StrataTerminal", dependencies: ["Strata", "StrataAppleStores", "StrataTUI", "CNCurses"]),
        // The system zlib (raw DEFLATE of Core Data's Z_MODELCACHE); only StrataAppleStores imports it.
        .systemLibrary(name: "CZlib"),
        // Reading SwiftData and Core Data stores (metadata, embedded model, rows) and importing them into Strata stores.
        .target(
            name: "StrataAppleStores",
            dependencies: [
                "Strata", "CZlib", "StrataText",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The command line (info, check, diff, plan, migrate, rows, import, open, demo) as a library: an app's own
        // `strata` calls StrataCommandLine.main(plans:) with its plans and gets the terminal UI too (Examples/CustomPlans).
        .target(
            name: "StrataCLI",
            dependencies: [
                "Strata",
                "StrataAppleStores",
                "StrataSources",
                "StrataTUI",
                "StrataTerminal",
                "StrataText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // `strata --version` names the commit the binary was built from (scripts/build-commit.sh).
            plugins: ["BuildCommit"]
        ),
        // Writes the commit a build is made from into StrataCLI before each build.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        .executableTarget(
            name: "strata",
            // `strata demo` is here, beside the example plans, so that apps linking StrataCLI carry no demo models.
            dependencies: [
                "StrataCLI", "StrataExamples", "StrataTUI", "StrataTerminal", "StrataText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "strata-bench",
            dependencies: [
                "Strata",
                "StrataTUI",
                // The model benchmark runs the command line in process on a Core Data model bundle.
                "StrataCLI",
                "StrataAppleStores",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "StrataTextTests", dependencies: ["StrataText"]),
        .testTarget(
            name: "StrataTests",
            dependencies: ["Strata", "StrataExamples"]
        ),
        // Runs the built `strata` binary as a subprocess; it finds it beside the test bundle.
        .testTarget(
            name: "StrataCLITests",
            dependencies: [
                "Strata", "StrataCLI", "StrataExamples", "AppleStoreFixtures", "StrataSources",
            ],
            exclude: ["Golden"]
        ),
        // The seeds' model code as written for SwiftData, which predates Swift 6's strict concurrency
        // (`static var versionIdentifier = ...` is global mutable state), hence Swift 5 language mode.
        .testTarget(
            name: "SeedTests",
            dependencies: ["Strata"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Golden frames are read from beside the tests through #filePath; the end-to-end test runs `strata` in tmux.
        .testTarget(
            name: "StrataTUITests",
            dependencies: [
                "StrataTUI", "StrataTerminal", "StrataText", "CNCurses", "Strata", "StrataExamples",
                "AppleStoreFixtures", "StrataAppleStores",
            ],
            exclude: ["Golden"]
        ),
        // The safety suites' fixtures: plans wrong on purpose, hostile names and values; `strata-safety` is the
        // command line with those plans, run as a subprocess by StrataSafetyTests (crash, fault, bad input).
        .target(name: "StrataSafetyFixtures", dependencies: ["Strata", "StrataExamples"]),
        .executableTarget(name: "strata-safety", dependencies: ["StrataCLI", "StrataSafetyFixtures"]),
        .testTarget(
            name: "StrataSafetyTests",
            dependencies: [
                "Strata", "StrataExamples", "StrataSafetyFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Where the real SwiftData / Core Data stores the tests copy live (Tests/Fixtures/AppleStores), and the
        // FreezeRay fixture app's model as a plan, and Core Data stores with rows written into them (GRDB).
        .target(
            name: "AppleStoreFixtures",
            dependencies: ["Strata", .product(name: "GRDB", package: "GRDB.swift")], path: "Tests/AppleStoreFixtures"),
        // Runs against copies of the real stores in Tests/Fixtures/AppleStores (or $STRATA_APPLE_FIXTURES).
        .testTarget(
            name: "StrataAppleStoresTests",
            dependencies: [
                "StrataAppleStores", "Strata", "CZlib", "AppleStoreFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // App-shaped source trees under Fixtures/ (read as files, never compiled by the tests' build).
        .testTarget(
            name: "StrataSourcesTests",
            dependencies: ["StrataSources", "Strata", "StrataExamples", "AppleStoreFixtures"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "StrataMacrosTests",
            dependencies: [
                "StrataMacros",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]
        ),
    ]
)
