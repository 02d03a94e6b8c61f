import SwiftIfConfig
import SwiftSyntax

/// The build an app's `#if` conditions are evaluated for, as Xcode builds the app for a device in its Release
/// configuration: the platform (iOS unless told), a device (`targetEnvironment(simulator)` and `macCatalyst` false),
/// arm64, Swift 6.2 (`swift(>=…)`, `compiler(>=…)`), the platform's Apple frameworks for `canImport`, and no custom
/// conditions (`DEBUG` is false) unless given.
package struct SourceBuild: BuildConfiguration, Sendable {
    /// A platform an app is built for.
    package enum Platform: String, CaseIterable, Sendable {
        case ios, macos, watchos, tvos, visionos

        /// The name `os(…)` takes ("iOS").
        package var osName: String {
            switch self {
            case .ios: "iOS"
            case .macos: "macOS"
            case .watchos: "watchOS"
            case .tvos: "tvOS"
            case .visionos: "visionOS"
            }
        }
    }

    /// The platform.
    package let platform: Platform
    /// The custom conditions set (`-D` flags: `DEBUG` in a Debug build).
    package let customConditions: Set<String>

    /// The build for `platform` with `customConditions` set.
    package init(platform: Platform = .ios, customConditions: Set<String> = []) {
        self.platform = platform
        self.customConditions = customConditions
    }

    /// The Apple frameworks every platform has.
    private static let everywhere: Set<String> = [
        "Swift", "Foundation", "SwiftUI", "SwiftData", "CoreData", "Combine", "Observation", "os", "OSLog", "CloudKit",
        "CoreLocation", "MapKit", "UniformTypeIdentifiers", "UserNotifications", "AVFoundation", "CoreGraphics",
        "CoreImage", "Charts", "StoreKit", "AppIntents", "Contacts", "EventKit", "CryptoKit", "Network", "Dispatch",
        "Darwin", "CoreFoundation", "CoreTransferable", "WidgetKit", "HealthKit", "SwiftUICore", "Security",
    ]

    /// The Apple frameworks of one platform only (or a few).
    private var platformFrameworks: Set<String> {
        switch platform {
        case .ios:
            ["UIKit", "ActivityKit", "ARKit", "RealityKit", "PhotosUI", "Photos", "WatchConnectivity", "VisionKit"]
        case .macos: ["AppKit", "RealityKit", "PhotosUI", "Photos", "Cocoa"]
        case .watchos: ["UIKit", "WatchKit", "WatchConnectivity", "ClockKit"]
        case .tvos: ["UIKit", "TVUIKit", "PhotosUI", "Photos"]
        case .visionos: ["UIKit", "ARKit", "RealityKit", "PhotosUI", "Photos"]
        }
    }

    /// The clause of `conditional` this build compiles, or nil when none of its clauses is.
    func activeClause(of conditional: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        conditional.activeClause(in: self).clause
    }

    /// The members of a type body with each `#if` replaced by the members of its active clause, in order.
    func activeMembers(_ members: MemberBlockItemListSyntax) -> [MemberBlockItemSyntax] {
        members.flatMap { member -> [MemberBlockItemSyntax] in
            guard let conditional = member.decl.as(IfConfigDeclSyntax.self) else { return [member] }
            guard case .decls(let inner)? = activeClause(of: conditional)?.elements else { return [] }
            return activeMembers(inner)
        }
    }

    /// The statements of a body with each `#if` replaced by the statements of its active clause, in order.
    func activeStatements(_ items: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax] {
        items.flatMap { item -> [CodeBlockItemSyntax] in
            guard case .decl(let decl) = item.item, let conditional = decl.as(IfConfigDeclSyntax.self) else {
                return [item]
            }
            guard case .statements(let inner)? = activeClause(of: conditional)?.elements else { return [] }
            return activeStatements(inner)
        }
    }

    /// "the #else branch", "the #if branch", "the #elseif os(macOS) branch", or "no branch" for the clause this build
    /// compiles of `conditional`.
    func describeChoice(of conditional: IfConfigDeclSyntax) -> String {
        guard let clause = activeClause(of: conditional) else { return "no branch" }
        let keyword = clause.poundKeyword.text
        if let condition = clause.condition, keyword != "#if" {
            return "the \(keyword) \(condition.trimmedDescription) branch"
        }
        return "the \(keyword) branch"
    }

    // MARK: BuildConfiguration

    /// True for a condition given with `-D`.
    package func isCustomConditionSet(name: String) throws -> Bool { customConditions.contains(name) }
    /// No experimental or upcoming feature is assumed.
    package func hasFeature(name: String) throws -> Bool { false }
    /// Attributes are assumed known to the compiler.
    package func hasAttribute(name: String) throws -> Bool { true }
    /// The platform's Apple frameworks; other modules (the app's packages) are not known and count as absent.
    package func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        guard let module = importPath.first?.1 else { return false }
        return Self.everywhere.contains(module) || platformFrameworks.contains(module)
    }
    /// `os(…)` of the platform.
    package func isActiveTargetOS(name: String) throws -> Bool { name == platform.osName }
    /// arm64, as devices are.
    package func isActiveTargetArchitecture(name: String) throws -> Bool { name == "arm64" }
    /// A device: neither the simulator nor Mac Catalyst.
    package func isActiveTargetEnvironment(name: String) throws -> Bool { false }
    /// The Objective-C runtime of Apple platforms.
    package func isActiveTargetRuntime(name: String) throws -> Bool { name == "_ObjC" }
    /// arm64e's pointer authentication is not assumed.
    package func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }
    /// Mach-O, as on Apple platforms.
    package func isActiveTargetObjectFormat(name: String) throws -> Bool { name == "MachO" }
    /// 64-bit pointers.
    package var targetPointerBitWidth: Int { 64 }
    /// Atomics up to 128 bits.
    package var targetAtomicBitWidths: [Int] { [8, 16, 32, 64, 128] }
    /// Little endian.
    package var endianness: Endianness { .little }
    /// Swift 6.
    package var languageVersion: VersionTuple { VersionTuple(6, 0) }
    /// Swift 6.2 (Xcode 26).
    package var compilerVersion: VersionTuple { VersionTuple(6, 2) }
}
