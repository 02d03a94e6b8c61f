import ProjectDescription

// The Xcode project is generated (`tuist generate`); only this manifest is in the repository.
let project = Project(
    name: "TrainingLog",
    settings: .settings(base: ["SWIFT_VERSION": "6.0"]),
    targets: [
        .target(
            name: "TrainingLog",
            destinations: .iOS,
            product: .app,
            bundleId: "org.example.traininglog",
            sources: [
                .glob("TrainingLog/Sources/**", excluding: ["TrainingLog/Sources/Models/Legacy/**"]),
            ],
            resources: ["TrainingLog/Resources/**"],
            settings: .settings(base: ["SWIFT_VERSION": "5.0", "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) HEAVY_LOG"])
        ),
        .target(
            name: "TrainingLogTests",
            destinations: .iOS,
            product: .unitTests,
            bundleId: "org.example.traininglog.tests",
            sources: ["TrainingLog/Tests/**"],
            dependencies: [.target(name: "TrainingLog")]
        ),
    ]
)
