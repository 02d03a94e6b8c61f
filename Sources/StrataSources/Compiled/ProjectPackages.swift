import Foundation
import SwiftSyntax

/// The Swift packages an app's project references, for the compiled level to build the local ones with the app: an
/// Xcode project's `XCLocalSwiftPackageReference`s (and remote `XCRemoteSwiftPackageReference`s), XcodeGen's
/// `packages:` (`path:` or `url:`), Tuist's `.local(path:)`/`.package(path:)` and `.remote(url:…)`/`.package(url:…)`.
struct ProjectPackages {
    /// The local packages' folders, absolute, in the project's order.
    let paths: [String]
    /// The remote packages' addresses.
    let urls: [String]

    /// The packages of the project in `folder` or the three folders above it (the nearest level holding one); nil
    /// when there is none or it names no package.
    init?(around folder: String) {
        var directory = folder
        for _ in 0...3 {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            var paths: [String] = []
            var urls: [String] = []
            var found = false
            for project in names where project.hasSuffix(".xcodeproj") {
                found = true
                let file = FilePath.join(directory, project + "/project.pbxproj")
                let text = (try? NamedFile.text(at: file).get()) ?? ""
                for match in text.matches(of: #/isa = XCLocalSwiftPackageReference;\s*relativePath = "?([^";\n]+)"?;/#)
                {
                    paths.append(FilePath.join(directory, String(match.1)))
                }
                for match in text.matches(of: #/repositoryURL = "?([^";\n]+)"?;/#) { urls.append(String(match.1)) }
            }
            if !found, let spec = XcodeGenSpec.fileNames.first(where: names.contains) {
                found = true
                let text = (try? NamedFile.text(at: FilePath.join(directory, spec)).get()) ?? ""
                for (_, package) in YAMLText.parse(text)["packages"]?.entries ?? [] {
                    if let path = package["path"]?.string { paths.append(FilePath.join(directory, path)) }
                    if let url = package["url"]?.string { urls.append(url) }
                }
            }
            if !found, names.contains(TuistManifest.fileName) {
                found = true
                let text = (try? NamedFile.text(at: FilePath.join(directory, TuistManifest.fileName)).get()) ?? ""
                // A manifest too deep to parse names no package here; reading its targets refuses it.
                if let tree = try? SourceFile.tree(of: text, path: FilePath.join(directory, TuistManifest.fileName)) {
                    let calls = PackageCalls(tree)
                    paths += calls.paths.map { FilePath.join(directory, $0) }
                    urls += calls.urls
                }
            }
            if found {
                guard !paths.isEmpty || !urls.isEmpty else { return nil }
                self.paths = paths
                self.urls = urls
                return
            }
            let parent = FilePath.join(directory, "..")
            guard parent != directory else { return nil }
            directory = parent
        }
        return nil
    }
}

/// The `.local(path:)`/`.package(path:)` and `.remote(url:…)`/`.package(url:…)` calls of a Tuist manifest.
private final class PackageCalls: SyntaxVisitor {
    /// The local packages' paths as written.
    private(set) var paths: [String] = []
    /// The remote packages' addresses.
    private(set) var urls: [String] = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression.trimmedDescription
        guard [".local", ".package", ".remote", "Package.local", "Package.remote"].contains(callee) else {
            return .visitChildren
        }
        for argument in node.arguments {
            guard let label = argument.label?.text, label == "path" || label == "url",
                let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text
            else { continue }
            if label == "path" { paths.append(text) } else { urls.append(text) }
        }
        return .visitChildren
    }
}
