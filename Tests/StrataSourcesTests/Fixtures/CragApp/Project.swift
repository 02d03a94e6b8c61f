import ProjectDescription

/// Each feature module is a framework with the same layout.
let modules = ["Routes", "Gear"]

let project = Project(
    name: "Crag",
    settings: .settings(base: ["SWIFT_VERSION": "6.0"]),
    targets: modules.map { module in
        .target(
            name: module,
            destinations: .iOS,
            product: .framework,
            bundleId: "org.example.crag.\(module.lowercased())",
            sources: ["Modules/\(module)/Sources/**"],
            settings: .settings(base: ["SWIFT_VERSION": "5.0"])
        )
    } + [
        .target(
            name: "Crag",
            destinations: .iOS,
            product: .app,
            bundleId: "org.example.crag",
            sources: ["App/**"],
            dependencies: modules.map { .target(name: $0) }
        ),
    ]
)
