import Foundation

/// XcodeGen's ways of composing a spec, applied as XcodeGen applies them: the specs a spec `include:`s merged under it,
/// and the target templates a target names merged under the target. Merging is XcodeGen's: maps key by key, lists
/// appended, any other value replaced, and a key written `key:REPLACE` replacing the value whole.
enum XcodeGenMerge {
    /// How deep includes and templates are followed (a spec including itself stops there).
    static let depthLimit = 8

    /// `spec` (the spec `file` in `folder`) with the specs it includes merged under it, in order; the source paths of
    /// an included spec are relative to its own folder unless it says `relativePaths: false`. What cannot be read is
    /// added to `unread`.
    static func including(
        _ spec: YAMLText, folder: String, file: String, unread: inout [String], depth: Int = 0
    ) -> YAMLText {
        var merged = YAMLText.map([])
        for include in spec["include"]?.items ?? [] {
            guard let path = include.string ?? include["path"]?.string else { continue }
            guard depth < depthLimit else {
                unread.append("\(file) includes \(path) past \(depthLimit) levels of includes")
                continue
            }
            let location = FilePath.join(folder, path)
            guard let text = try? String(contentsOfFile: location, encoding: .utf8) else {
                unread.append("\(file) includes \(path), which cannot be read")
                continue
            }
            let own = FilePath.join(location, "..")
            var included = including(
                YAMLText.parse(text), folder: own, file: path, unread: &unread, depth: depth + 1)
            let relative = include["relativePaths"]?.string.map { !["false", "no", "NO"].contains($0) } ?? true
            if relative && own != folder { included = rebasing(included, to: own) }
            merged = merge(merged, included)
        }
        guard case .map(let entries) = spec else { return spec }
        return merge(merged, .map(entries.filter { $0.0 != "include" }))
    }

    /// `target` (named `name` in `file`) with the templates it names (from `templates`, the spec's `targetTemplates`)
    /// merged under it in order, `${target_name}` replaced in them. A template not declared is added to `unread`.
    static func applyingTemplates(
        to target: YAMLText, named name: String, templates: YAMLText, file: String, unread: inout [String],
        depth: Int = 0
    ) -> YAMLText {
        var merged = YAMLText.map([])
        for item in target["templates"]?.items ?? [] {
            guard let templateName = item.string else { continue }
            guard let template = templates[templateName], depth < depthLimit else {
                unread.append(
                    "target \(name) in \(file) uses the template \(templateName), which the spec does not declare")
                continue
            }
            let expanded = applyingTemplates(
                to: template, named: name, templates: templates, file: file, unread: &unread, depth: depth + 1)
            merged = merge(merged, substituting(["target_name": name], in: expanded))
        }
        return merge(merged, target)
    }

    /// `over` merged on top of `base`.
    static func merge(_ base: YAMLText, _ over: YAMLText) -> YAMLText {
        guard case .map(var entries) = base, case .map(let added) = over else { return over }
        for (written, value) in added {
            let replaces = written.hasSuffix(":REPLACE")
            let key = replaces ? String(written.dropLast(":REPLACE".count)) : written
            guard let index = entries.firstIndex(where: { $0.0 == key }) else {
                entries.append((key, value))
                continue
            }
            if replaces {
                entries[index].1 = value
            } else if case .list(let first) = entries[index].1, case .list(let second) = value {
                entries[index].1 = .list(first + second)
            } else {
                entries[index].1 = merge(entries[index].1, value)
            }
        }
        return .map(entries)
    }

    /// `spec` with the source paths of its targets and templates made absolute from `folder`.
    private static func rebasing(_ spec: YAMLText, to folder: String) -> YAMLText {
        func rebased(_ sources: YAMLText) -> YAMLText {
            .list(
                sources.items.map { item in
                    if let path = item.string { return .scalar(FilePath.join(folder, path)) }
                    return .map(item.entries.map { $0.0 == "path" ? ($0.0, rebased($0.1).items[0]) : $0 })
                })
        }
        return .map(
            spec.entries.map { key, value in
                guard key == "targets" || key == "targetTemplates" else { return (key, value) }
                return (
                    key,
                    .map(
                        value.entries.map { name, target in
                            (name, .map(target.entries.map { $0.0 == "sources" ? ($0.0, rebased($0.1)) : $0 }))
                        })
                )
            })
    }

    /// The targets XcodeGen generates from `target` (written under `key`, its templates merged): one named by its
    /// `name:`, else the key; for a list of platforms (`platform: [iOS, macOS]`), one per platform, named with its
    /// `platformPrefix` and `platformSuffix` (`_$platform` by default), with `$platform` and `${platform}` replaced
    /// in every value of the target, as they are for a target of one platform.
    static func generated(from target: YAMLText, key: String) -> [(name: String, target: YAMLText)] {
        let name = target["name"]?.string ?? key
        guard case .list(let platforms) = target["platform"] else {
            let platform = target["platform"]?.string
            return [(name, platform.map { substituting(["platform": $0], in: target) } ?? target)]
        }
        return platforms.compactMap(\.string).map { platform in
            let resolved = substituting(["platform": platform], in: target)
            let prefix = resolved["platformPrefix"]?.string ?? ""
            let suffix = resolved["platformSuffix"]?.string ?? "_" + platform
            return (prefix + name + suffix, resolved)
        }
    }

    /// `value` with each variable of `variables` written `${name}` or `$name` replaced by its value in every scalar.
    private static func substituting(_ variables: [String: String], in value: YAMLText) -> YAMLText {
        switch value {
        case .scalar(var text):
            for (name, replacement) in variables {
                text = text.replacingOccurrences(of: "${\(name)}", with: replacement).replacingOccurrences(
                    of: "$" + name, with: replacement)
            }
            return .scalar(text)
        case .list(let items): return .list(items.map { substituting(variables, in: $0) })
        case .map(let entries): return .map(entries.map { ($0.0, substituting(variables, in: $0.1)) })
        }
    }
}
