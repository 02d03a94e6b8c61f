// swift-tools-version:6.1
import PackageDescription

// An app's own `strata`: the StrataCLI command line with the app's migration plan (and one extra command), and a
// small reader of device stores built on StrataAppleStores.
let package = Package(
    name: "CustomPlans",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Strata", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The app's models and plan, as the app itself would declare them.
        .target(name: "NotesPlans", dependencies: [.product(name: "Strata", package: "Strata")]),
        // `notes-strata`: strata's commands knowing the plan "notes", plus `seed` to make a store to try them on.
        .executableTarget(
            name: "notes-strata",
            dependencies: [
                "NotesPlans",
                .product(name: "StrataCLI", package: "Strata"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `store-report`: reads a SwiftData / Core Data store and a Core Data model through StrataAppleStores' public
        // API alone (built from outside the Strata package, so a symbol an app needs cannot quietly stop being public).
        .executableTarget(
            name: "store-report", dependencies: [.product(name: "StrataAppleStores", package: "Strata")]),
    ]
)
