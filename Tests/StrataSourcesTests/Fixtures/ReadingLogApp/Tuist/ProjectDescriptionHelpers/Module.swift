import ProjectDescription

/// The app's feature frameworks: each keeps its code under `Modules/<name>/Sources`.
public enum Module: String, CaseIterable {
    case library = "Library"
    case insights = "Insights"

    /// The framework's bundle identifier.
    var bundleID: String {
        switch self {
        case .library: "org.example.readinglog.library"
        case .insights: "org.example.readinglog.insights"
        }
    }

    /// The framework target.
    public var target: Target {
        .target(
            name: rawValue,
            destinations: .iOS,
            product: .framework,
            bundleId: bundleID,
            sources: ["Modules/\(rawValue)/Sources/**"],
            dependencies: self == .insights ? [.target(name: Module.library.rawValue)] : []
        )
    }
}
