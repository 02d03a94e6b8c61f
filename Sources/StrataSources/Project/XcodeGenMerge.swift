import Foundation

/// XcodeGen's ways of composing a spec, applied as XcodeGen applies them: the specs a spec `include:`s merged under it,
/// and the target templates a target names merged under the target. Merging is XcodeGen's: maps key by key, lists
/// appended, any other value replaced, and a key written `key:REPLACE` replacing the value whole.
enum XcodeGenMerge {
    /// How deep includes and templates are followed (a spec including itself stops there).
    static let depthLimit = 8

    /// How many includes one spec reads in all, and how many templates one target applies: each level can name
    /// the same file or template many times, which `depthLimit` alone lets grow as a power of the depth.
    static let countLimit = 64

    /// `spec` (the spec `file` in `folder`) with the specs it includes merged under it, in order; the source paths of
    /// an included spec are relative to its own folder unless it says `relativePaths: false`. Only specs inside
    /// `folder` are read (``NamedFile``), none already being included, at most `countLimit` in all. What cannot be
    /// read is added to `unread`.
    static func including(_ spec: YAMLText, folder: String, file: String, unread: inout [String]) -> YAMLText {
        var left = countLimit
        return including(
            spec, folder: folder, file: file, root: folder, chain: [FilePath.join(folder, file)], left: &left,
            unread: &unread)
    }

    private static func including(
        _ spec: YAMLText, folder: String, file: String, root: String, chain: [String], left: inout Int,
        unread: inout [String]
    ) -> YAMLText {
        var merged = YAMLText.map([])
        for include in spec["include"]?.items ?? [] {
            guard let path = include.string ?? include["path"]?.string else { continue }
            let location = FilePath.join(folder, path)
            if let why = stop(
                at: location, in: chain, depth: chain.count - 1, left: left, cycle: "which is already being included",
                counting: "includes")
            {
                note("\(file) includes \(path), \(why)", in: &unread)
                continue
            }
            left -= 1
            let text: String
            switch NamedFile.text(at: location, inside: root) {
            case .success(let read): text = read
            case .failure(.unreadable):
                unread.append("\(file) includes \(path), which cannot be read")
                continue
            case .failure(let refusal):
                unread.append("\(file) includes \(path), which is not read: \(refusal)")
                continue
            }
            let own = FilePath.join(location, "..")
            var included = including(
                YAMLText.parse(text), folder: own, file: path, root: root, chain: chain + [location], left: &left,
                unread: &unread)
            let relative = include["relativePaths"]?.string.map { !["false", "no", "NO"].contains($0) } ?? true
            if relative && own != folder { included = rebasing(included, to: own) }
            merged = merge(merged, included)
        }
        guard case .map(let entries) = spec else { return spec }
        return merge(merged, .map(entries.filter { $0.0 != "include" }))
    }

    /// `target` (named `name` in `file`) with the templates it names (from `templates`, the spec's `targetTemplates`)
    /// merged under it in order, `${target_name}` replaced in them; a template already being applied is not applied
    /// again, and at most `countLimit` are in all. A template not declared or not applied is added to `unread`.
    static func applyingTemplates(
        to target: YAMLText, named name: String, templates: YAMLText, file: String, unread: inout [String]
    ) -> YAMLText {
        var left = countLimit
        return applyingTemplates(
            to: target, named: name, templates: templates, file: file, chain: [], left: &left, unread: &unread)
    }

    private static func applyingTemplates(
        to target: YAMLText, named name: String, templates: YAMLText, file: String, chain: [String],
        left: inout Int, unread: inout [String]
    ) -> YAMLText {
        var merged = YAMLText.map([])
        for item in target["templates"]?.items ?? [] {
            guard let templateName = item.string else { continue }
            guard let template = templates[templateName] else {
                unread.append(
                    "target \(name) in \(file) uses the template \(templateName), which the spec does not declare")
                continue
            }
            if let why = stop(
                at: templateName, in: chain, depth: chain.count, left: left, cycle: "within itself",
                counting: "templates")
            {
                note("target \(name) in \(file) uses the template \(templateName) \(why)", in: &unread)
                continue
            }
            left -= 1
            let expanded = applyingTemplates(
                to: template, named: name, templates: templates, file: file, chain: chain + [templateName],
                left: &left, unread: &unread)
            merged = merge(merged, substituting(["target_name": name], in: expanded))
        }
        return merge(merged, target)
    }

    /// Why `name` is not followed from `chain` (`depth` levels down, `left` more allowed): `cycle` when the chain
    /// holds it already, or past the limits; nil when it is followed.
    private static func stop(
        at name: String, in chain: [String], depth: Int, left: Int, cycle: String, counting what: String
    ) -> String? {
        if chain.contains(name) { return cycle }
        return depth >= depthLimit || left <= 0 ? "past \(depthLimit) levels or \(countLimit) \(what)" : nil
    }

    /// Adds `phrase` to `unread` unless it is there (a template or include named many times is said once).
    private static func note(_ phrase: String, in unread: inout [String]) {
        if !unread.contains(phrase) { unread.append(phrase) }
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
