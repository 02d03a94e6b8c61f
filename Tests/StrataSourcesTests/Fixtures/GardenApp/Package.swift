// swift-tools-version:5.9
// A garden planner shaped like a Swift Playgrounds app package: its migration code lives in Sources/Garden/Data, the
// types it shares with the views in Sources/Garden/Shared.
import PackageDescription

let package = Package(
    name: "Garden",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .executableTarget(name: "Garden", path: "Sources/Garden")
    ]
)
