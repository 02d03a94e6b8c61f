import Foundation
import Strata
import SwiftSyntax

/// Whether an app syncs its SwiftData store through CloudKit, read from its sources and project files: a
/// `ModelConfiguration(cloudKitDatabase: .private(…))` or `.automatic` in its Swift files, or an entitlements file
/// with an iCloud container and the CloudKit service (SwiftData's default configuration, `.automatic`, syncs then).
///
/// ```swift
/// if let sync = CloudKitSync.detect(in: sources) { print(sync.reasons) }
/// ```
package struct CloudKitSync: Sendable {
    /// What shows the sync, each a note at its place ("App/Store.swift:14:13: note: cloudKitDatabase:
    /// .private(\"iCloud.com.example.app\")", "App/App.entitlements:1:1: note: iCloud container
    /// iCloud.com.example.app with CloudKit"); empty when `--cloudkit` forced it.
    package let evidence: [SourceProblem]

    /// Sync forced by `--cloudkit`.
    package static let forced = CloudKitSync(evidence: [])

    /// The sync `app` shows, or nil: a configuration syncing (`.private`, `.automatic`) in its Swift files or its
    /// enclosing app's, or entitlements naming an iCloud container with CloudKit unless every configuration written
    /// says `cloudKitDatabase: .none`.
    package static func detect(in app: AppSources) -> CloudKitSync? {
        var syncing: [SourceProblem] = []
        var off = false
        for file in app.files + app.helpers.files {
            let finder = DatabaseArguments(viewMode: .sourceAccurate)
            finder.walk(file.tree)
            for argument in finder.found {
                let value = argument.expression.trimmedDescription
                if value.hasPrefix(".none") || value.hasPrefix("ModelConfiguration.CloudKitDatabase.none") {
                    off = true
                } else {
                    syncing.append(
                        SourceProblem(file.location(of: argument), "cloudKitDatabase: \(value)", severity: "note"))
                }
            }
        }
        if !syncing.isEmpty { return CloudKitSync(evidence: syncing) }
        let entitled = entitlements(around: [app.folder] + app.helpers.roots)
        return entitled.isEmpty || off ? nil : CloudKitSync(evidence: entitled)
    }

    /// The entitlements files under `folders` (at most four levels down, hidden and build folders left out) that
    /// name an iCloud container with the CloudKit service, each as a note "iCloud container NAME with CloudKit" at
    /// the file's first line.
    static func entitlements(around folders: [URL]) -> [SourceProblem] {
        var found: [SourceProblem] = []
        var seen: Set<String> = []
        for folder in folders {
            for url in files(endingWith: ".entitlements", under: folder, depth: 4)
            where seen.insert(url.standardizedFileURL.path).inserted {
                guard case .success(let data) = NamedFile.data(at: url.path), data.count < 1 << 20,
                    let plist = try? UntrustedPropertyList.read(data) as? [String: Any],
                    let services = plist["com.apple.developer.icloud-services"] as? [String],
                    services.contains(where: { $0.hasPrefix("CloudKit") })
                else { continue }
                let containers = plist["com.apple.developer.icloud-container-identifiers"] as? [String] ?? []
                guard !containers.isEmpty else { continue }
                found.append(
                    SourceProblem(
                        SourceLocation(file: url.standardizedFileURL.path, line: 1, column: 1),
                        "iCloud container\(containers.count == 1 ? "" : "s") \(containers.joined(separator: ", ")) with CloudKit",
                        severity: "note"))
            }
        }
        return found
    }

    /// Files whose names end with `suffix` under `folder`, `depth` levels down at most, in path order.
    private static func files(endingWith suffix: String, under folder: URL, depth: Int) -> [URL] {
        guard depth >= 0,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        else { return [] }
        var found: [URL] = []
        for name in names where !name.hasPrefix(".") && name != "build" && name != "DerivedData" {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                found += files(endingWith: suffix, under: url, depth: depth - 1)
            } else if name.hasSuffix(suffix) {
                found.append(url)
            }
        }
        return found
    }
}

/// The `cloudKitDatabase:` arguments of the calls in a file (`ModelConfiguration(…, cloudKitDatabase: .private(…))`).
private final class DatabaseArguments: SyntaxVisitor {
    var found: [LabeledExprSyntax] = []

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if node.label?.text == "cloudKitDatabase" { found.append(node) }
        return .visitChildren
    }
}
