import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "ReadingLog",
    targets: Module.allCases.map(\.target) + [
        .target(
            name: "ReadingLog",
            destinations: .iOS,
            product: .app,
            bundleId: "org.example.readinglog",
            sources: ["App/**"],
            dependencies: Module.allCases.map { .target(name: $0.rawValue) }
        ),
    ]
)
