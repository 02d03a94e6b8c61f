// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Kitchen",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "Kitchen", targets: ["Kitchen"]),
    ],
    targets: [
        .target(name: "Kitchen"),
    ]
)
