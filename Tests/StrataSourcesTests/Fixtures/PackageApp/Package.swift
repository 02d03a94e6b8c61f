// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Ledger",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "Ledger", targets: ["Ledger"])
    ],
    targets: [
        .executableTarget(
            name: "Ledger",
            exclude: ["Legacy", "README.md"],
            resources: [.process("Resources")],
            swiftSettings: [
                .swiftLanguageMode(.v5),
                .enableUpcomingFeature("BareSlashRegexLiterals"),
            ]
        ),
        .testTarget(
            name: "LedgerTests",
            dependencies: ["Ledger"]
        ),
    ]
)
