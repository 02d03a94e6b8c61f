import Foundation

/// XcodeGen's `project.yml`, read as the Xcode project it generates (the repository holds no `.pbxproj`): each target's
/// source paths with their `excludes`, and its `SWIFT_VERSION` and release `SWIFT_ACTIVE_COMPILATION_CONDITIONS`, the
/// target's settings over the project's. The specs it `include:`s are merged under it as XcodeGen merges them, and each
/// target's `templates:` under the target (with `${target_name}` replaced); a target is named by its `name:` (else its
/// key), and one written for a list of platforms is a target per platform (``XcodeGenMerge/generated(from:key:)``);
/// an include that cannot be read is named (``XcodeProject/unread``).
enum XcodeGenSpec {
    /// The file names XcodeGen reads by default.
    static let fileNames = ["project.yml", "project.yaml"]

    /// The project `url` (a `project.yml`) generates; throws when it cannot be read.
    static func project(at url: URL) throws -> XcodeProject {
        let text = try NamedFile.readText(at: url.path)
        let folder = url.deletingLastPathComponent().standardizedFileURL.path
        let file = url.lastPathComponent
        var unread: [String] = []
        let spec = XcodeGenMerge.including(YAMLText.parse(text), folder: folder, file: file, unread: &unread)
        let templates = spec["targetTemplates"] ?? .map([])
        let generated = (spec["targets"]?.entries ?? []).flatMap { key, written in
            XcodeGenMerge.generated(
                from: XcodeGenMerge.applyingTemplates(
                    to: written, named: key, templates: templates, file: file, unread: &unread),
                key: key)
        }
        let targets = generated.map { name, target -> XcodeProject.Target in
            var result = XcodeProject.Target(name: name)
            for source in target["sources"]?.items ?? [] {
                guard let path = source.string ?? source["path"]?.string else { continue }
                guard !path.contains("${") else {
                    // An environment variable or a template attribute: set only where XcodeGen runs.
                    unread.append("target \(name) in \(file) has the source path \(path), which XcodeGen completes")
                    continue
                }
                let excludes = (source["excludes"]?.items ?? []).compactMap { $0.string.flatMap(SourceGlob.init) }
                if let all = SourceGlob("**") {
                    result.globs.append((FilePath.join(folder, path), all, excludes))
                }
            }
            let version = "SWIFT_VERSION"
            if let value = setting(version, in: target["settings"]) {
                result.languageMode = SwiftLanguageMode(
                    isSwift6: isSwift6(value),
                    decidedBy: "target \(name) in \(file): \(version) = \(value) on the target")
            } else if let value = setting(version, in: spec["settings"]) {
                result.languageMode = SwiftLanguageMode(
                    isSwift6: isSwift6(value),
                    decidedBy: "target \(name) in \(file): \(version) = \(value) on the project, not set on the target")
            } else {
                result.languageMode = SwiftLanguageMode(
                    isSwift6: false, decidedBy: "target \(name) in \(file) sets no \(version)")
            }
            let conditions = "SWIFT_ACTIVE_COMPILATION_CONDITIONS"
            let words = setting(conditions, in: target["settings"]) ?? setting(conditions, in: spec["settings"]) ?? ""
            result.conditions = Set(
                words.split(separator: " ").map(String.init).filter { $0 != "$(inherited)" && $0 != "${inherited}" })
            return result
        }
        return XcodeProject(name: file, targets: targets, unread: unread)
    }

    /// The value of `key` in an XcodeGen `settings:` map: its `Release` configuration's, its `base`, or the map itself
    /// (settings written without `base:`).
    static func setting(_ key: String, in settings: YAMLText?) -> String? {
        guard let settings else { return nil }
        let release = settings["configs"]?.entries.first { $0.0.lowercased() == "release" }?.1
        let value = release?[key] ?? settings["base"]?[key] ?? settings[key]
        return value.map { $0.string ?? $0.items.compactMap(\.string).joined(separator: " ") }
    }

    /// True for a `SWIFT_VERSION` of 6 or more.
    static func isSwift6(_ value: String) -> Bool { (Int(value.split(separator: ".").first ?? "") ?? 0) >= 6 }
}
