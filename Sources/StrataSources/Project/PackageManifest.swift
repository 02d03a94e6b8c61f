import Foundation
import SwiftSyntax

/// A `Package.swift` read with swift-syntax (never run): its tools version, language modes and targets with their
/// folders, excludes, sources and resources, enough to say which files each target compiles and in which language mode,
/// and its library products and the packages it depends on.
struct PackageManifest {
    /// A target with Swift sources (`.target`, `.executableTarget`, `.testTarget`, `.macro`, `.plugin`).
    struct Target {
        /// The target's name.
        let name: String
        /// Its folder: `path:`, or `Sources/<name>` (`Tests/<name>` for a test target, `Plugins/<name>` for a plugin).
        let folder: String
        /// Paths `exclude:` and `resources:` take out of its sources, with the argument naming each.
        let excluded: [(path: String, by: String)]
        /// The paths `sources:` limits it to, when given.
        let sources: [String]?
        /// The language mode it builds in and what says so.
        let languageMode: SwiftLanguageMode
        /// The custom conditions its `swiftSettings` define for a release build (`.define("PRO")`, not those
        /// `.when(configuration: .debug)`).
        var conditions: Set<String> = []
    }

    /// What a target does with a file.
    enum Membership {
        /// The target compiles it.
        case compiled(Target)
        /// It is in the target's folder but the target leaves it out (`exclude:`, `resources:`, `sources:`).
        case leftOut(Target, by: String)
        /// It is in no target's folder.
        case outside
    }

    /// A package the manifest depends on (`.package(path:)`, `.package(url:…)`).
    struct Dependency: Equatable {
        /// The folder of a local (path) dependency, absolute.
        let path: String?
        /// The address of a remote dependency.
        let url: String?
        /// A remote dependency's call as written (`.package(url: "…", from: "1.2.0")`), for SwiftPM to resolve it
        /// with the same requirement.
        var declaration: String? = nil
    }

    /// The manifest's folder.
    let folder: String
    /// Its targets with Swift sources, in declaration order.
    let targets: [Target]
    /// Its library products: each one's name and targets, in declaration order.
    let products: [(name: String, targets: [String])]
    /// The packages it depends on, in declaration order.
    let dependencies: [Dependency]

    /// Reads the manifest at `url`; throws when it cannot be read as text or nests too deep (`SourceFile.tree`).
    init(url: URL) throws {
        let text = try NamedFile.readText(at: url.path)
        folder = url.deletingLastPathComponent().standardizedFileURL.path
        let tools = text.firstMatch(of: #/swift-tools-version\s*:\s*(\d+)(?:\.(\d+))?/#)
        let toolsVersion = tools.map { "\($0.1).\($0.2 ?? "0")" } ?? "5.0"
        let tree = try SourceFile.tree(of: text, path: url.path)
        let calls = CallCollector(viewMode: .sourceAccurate)
        calls.walk(tree)
        let packageModes = calls.calls.filter { $0.calledExpression.trimmedDescription == "Package" }
            .compactMap {
                Self.argument("swiftLanguageModes", of: $0) ?? Self.argument("swiftLanguageVersions", of: $0)
            }
            .first
        let folder = folder
        products = calls.calls.compactMap { call in
            guard call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "library",
                let name = Self.argument("name", of: call).flatMap(Self.literal)
            else { return nil }
            let targets = Self.argument("targets", of: call)?.as(ArrayExprSyntax.self)?.elements.compactMap {
                Self.literal($0.expression)
            }
            return (name, targets ?? [])
        }
        dependencies = calls.calls.compactMap { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                member.declName.baseName.text == "package"
            else { return nil }
            if let path = Self.argument("path", of: call).flatMap(Self.literal) {
                return Dependency(path: FilePath.join(folder, path), url: nil)
            }
            if let url = Self.argument("url", of: call).flatMap(Self.literal) {
                return Dependency(path: nil, url: url, declaration: call.trimmedDescription)
            }
            return nil
        }
        targets = calls.calls.compactMap { call -> Target? in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                [nil, "Target", "PackageDescription.Target"].contains(member.base?.trimmedDescription),
                let name = Self.argument("name", of: call).flatMap(Self.literal)
            else { return nil }
            let defaultRoot: String
            switch member.declName.baseName.text {
            case "target", "executableTarget", "macro":
                defaultRoot =
                    ["Sources", "Source", "src", "srcs"].first {
                        FileManager.default.fileExists(atPath: FilePath.join(folder, "\($0)/\(name)"))
                    } ?? "Sources"
            case "testTarget": defaultRoot = "Tests"
            case "plugin": defaultRoot = "Plugins"
            default: return nil // system libraries and binary targets have no Swift sources
            }
            let root = FilePath.join(
                folder, Self.argument("path", of: call).flatMap(Self.literal) ?? "\(defaultRoot)/\(name)")
            let strings = { (label: String) in
                Self.argument(label, of: call)?.as(ArrayExprSyntax.self)?.elements.compactMap {
                    Self.literal($0.expression)
                }
            }
            let resources = Self.argument("resources", of: call)?.as(ArrayExprSyntax.self)?.elements.compactMap {
                $0.expression.as(FunctionCallExprSyntax.self)?.arguments.first.flatMap { Self.literal($0.expression) }
            }
            let excluded =
                (strings("exclude") ?? []).map { (FilePath.join(root, $0), "exclude") }
                + (resources ?? []).map { (FilePath.join(root, $0), "resources") }
            var target = Target(
                name: name, folder: root, excluded: excluded,
                sources: strings("sources").map { $0.map { FilePath.join(root, $0) } },
                languageMode: Self.languageMode(
                    of: call, target: name, packageModes: packageModes, toolsVersion: toolsVersion))
            target.conditions = Self.defines(in: Self.argument("swiftSettings", of: call))
            return target
        }
    }

    /// The conditions `.define("NAME")` settings of a `swiftSettings:` array set in a release build.
    private static func defines(in settings: ExprSyntax?) -> Set<String> {
        guard let array = settings?.as(ArrayExprSyntax.self) else { return [] }
        var names: Set<String> = []
        for element in array.elements {
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "define",
                let name = call.arguments.first.flatMap({ literal($0.expression) })
            else { continue }
            let debugOnly = call.arguments.dropFirst().contains { $0.expression.trimmedDescription.contains(".debug") }
            if !debugOnly { names.insert(name) }
        }
        return names
    }

    /// What the targets do with `file` (an absolute, standardized path): the target whose folder holds it (the
    /// innermost, when folders nest) compiles it or leaves it out.
    func membership(of file: String) -> Membership {
        guard let target = targets.filter({ file.isInside($0.folder) }).max(by: { $0.folder.count < $1.folder.count })
        else { return .outside }
        if let excluded = target.excluded.first(where: { file == $0.path || file.isInside($0.path) }) {
            return .leftOut(target, by: excluded.by)
        }
        if let sources = target.sources, !sources.contains(where: { file == $0 || file.isInside($0) }) {
            return .leftOut(target, by: "sources")
        }
        return .compiled(target)
    }

    /// The target's language mode: its `.swiftLanguageMode(…)` (or `.swiftLanguageVersion(…)`) setting, else the
    /// newest of the package's `swiftLanguageModes` (`swiftLanguageVersions`), else Swift 6 from tools version 6.
    private static func languageMode(
        of call: FunctionCallExprSyntax, target: String, packageModes: ExprSyntax?, toolsVersion: String
    ) -> SwiftLanguageMode {
        let place = "target \(target) in Package.swift"
        let settings = argument("swiftSettings", of: call)?.as(ArrayExprSyntax.self)?.elements ?? []
        for setting in settings {
            guard let setting = setting.expression.as(FunctionCallExprSyntax.self),
                let name = setting.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                name == "swiftLanguageMode" || name == "swiftLanguageVersion",
                let version = setting.arguments.first.flatMap({ major($0.expression) })
            else { continue }
            return SwiftLanguageMode(isSwift6: version >= 6, decidedBy: "\(place): \(setting.trimmedDescription)")
        }
        if let packageModes,
            let newest = packageModes.as(ArrayExprSyntax.self)?.elements.compactMap({ major($0.expression) }).max()
        {
            let label = packageModes.parent?.as(LabeledExprSyntax.self)?.label?.text ?? "swiftLanguageModes"
            return SwiftLanguageMode(
                isSwift6: newest >= 6,
                decidedBy: "\(place): \(label): \(packageModes.trimmedDescription) of the package")
        }
        let tools = Int(toolsVersion.split(separator: ".").first ?? "") ?? 5
        return SwiftLanguageMode(
            isSwift6: tools >= 6,
            decidedBy: "\(place): swift-tools-version \(toolsVersion), no language mode set")
    }

    /// The major version a language-mode expression names: `.v5`, `.v4_2`, `.version("6")`, `SwiftLanguageMode.v6`.
    private static func major(_ expression: ExprSyntax) -> Int? {
        let text = expression.trimmedDescription
        if let match = text.firstMatch(of: #/\bv(\d+)/#) { return Int(match.1) }
        if let match = text.firstMatch(of: #/version\(\s*"(\d+)/#) { return Int(match.1) }
        return nil
    }

    /// The argument labelled `label` of `call`.
    private static func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// The text of a string literal without interpolation.
    private static func literal(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let segment = segment.as(StringSegmentSyntax.self) else { return nil }
            text += segment.content.text
        }
        return text
    }
}

/// Every function call of a manifest, in source order.
private final class CallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
