import AppleStoreFixtures
import Foundation

/// The damage crafted for each kind of project file (docs/SAFETY.md, "Hostile input"): for a `.pbxproj`, group chains
/// 20,000 deep, cycles of references, hostile paths in groups, files and base configurations, ids listed 100,000
/// times; for a `project.yml`, a "billion laughs" of anchors and aliases, deep nesting, tabs, duplicate keys, includes
/// and templates naming themselves many times, hostile include, source and package paths, a line of a million `:`;
/// for a Tuist manifest, random token streams, helpers calling themselves many times, nested `map`s, hostile globs.
struct ProjectFileCraft {
    /// The file's text before the damage.
    let text: String
    /// Where hostile paths point.
    let outside: Outside

    /// Globs whose wildcards a backtracking matcher tries in every combination against a path that does not match.
    static let wildGlobs = [
        String(repeating: "**/", count: 30) + "nothing", String(repeating: "*a", count: 30) + "*nothing",
    ]

    /// A hostile path (a trap outside the app, a device, NUL, 80,000 bytes, the root).
    private func hostile(_ random: inout SplitMix) -> String {
        let paths = outside.hostilePaths(levels: 1 + random.below(3))
        return paths[random.below(paths.count)]
    }

    /// `text` with `pattern`'s every match's first group replaced by `value`.
    private func replacing(_ pattern: String, with value: String) -> String {
        guard let regex = try? Regex(pattern) else { return text }
        var result = text
        for match in text.matches(of: regex).reversed() {
            if let range = match.output[1].range { result.replaceSubrange(range, with: value) }
        }
        return result
    }

    private func mutation(_ text: String, _ what: String) -> ProjectFileMutation {
        ProjectFileMutation(bytes: Array(text.utf8), what: what)
    }

    /// A `.pbxproj` crafted one way.
    func xcodeProject(random: inout SplitMix) -> ProjectFileMutation {
        let mainGroup = text.firstMatch(of: #/mainGroup = ([0-9A-F]+)/#).map { String($0.1) } ?? "0"
        let path = hostile(&random)
        let quoted = "\"" + path.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        switch random.below(6) {
        case 0:
            // Groups chained 20,000 deep (each object flat in `objects`), hung under the main group.
            let depth = 20_000
            var chain = ""
            for index in 0..<depth {
                let child = index + 1 < depth ? "(C\(index + 1))" : "()"
                chain += "C\(index) = {isa = PBXGroup; path = g; sourceTree = \"<group>\"; children = \(child); };\n"
            }
            let hooked = text.replacingOccurrences(of: "objects = {", with: "objects = {\n" + chain)
            return mutation(
                Self.addingChild("C0", to: mainGroup, in: hooked), "groups chained 20,000 deep under the main group")
        case 1:
            // The main group its own child, and a group child of its child.
            let cycle =
                "CY0 = {isa = PBXGroup; children = (CY1, \(mainGroup)); sourceTree = \"<group>\"; };\n"
                + "CY1 = {isa = PBXGroup; children = (CY0, CY1); sourceTree = \"<group>\"; };\n"
            let hooked = text.replacingOccurrences(of: "objects = {", with: "objects = {\n" + cycle)
            return mutation(
                Self.addingChild("CY0", to: mainGroup, in: Self.addingChild(mainGroup, to: mainGroup, in: hooked)),
                "groups in a cycle with the main group")
        case 2:
            return mutation(replacing(#"\bpath = ([^;]+);"#, with: quoted), "every path made \(path.prefix(80))")
        case 3:
            let tree = ["\"<absolute>\"", "SOURCE_ROOT", "\"<group>\""][random.below(3)]
            return mutation(
                replacing(#"projectDirPath = ([^;]*);"#, with: quoted).replacingOccurrences(
                    of: "sourceTree = \"<group>\"", with: "sourceTree = \(tree)"),
                "projectDirPath made \(path.prefix(80)), source trees \(tree)")
        case 4:
            // Every configuration based on a file outside (or a device, a FIFO) through an anchor and a path.
            return mutation(
                text.replacingOccurrences(
                    of: "isa = XCBuildConfiguration;",
                    with:
                        "isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = \(mainGroup); baseConfigurationReferenceRelativePath = \(quoted);"
                ), "base configurations at \(path.prefix(80))")
        default:
            // The main group listing one id 100,000 times, and a missing one.
            let ids = Array(repeating: "\(mainGroup), MISSING", count: 50_000).joined(separator: ", ")
            return mutation(
                Self.addingChild(ids, to: mainGroup, in: text), "the main group listing ids 100,000 times")
        }
    }

    /// `text` with `child` listed first among the children of the object `group`.
    static func addingChild(_ child: String, to group: String, in text: String) -> String {
        guard let object = text.range(of: "\t\t\(group) = {") ?? text.range(of: "\t\t\(group) /*"),
            let children = text.range(of: "children = (", range: object.upperBound..<text.endIndex)
        else { return text }
        var result = text
        result.insert(contentsOf: "\n\(child),", at: children.upperBound)
        return result
    }

    /// A `project.yml` (or a spec it includes) crafted one way.
    func xcodeGenSpec(random: inout SplitMix) -> ProjectFileMutation {
        let path = hostile(&random)
        switch random.below(10) {
        case 9:
            return mutation(
                text
                    + "\ntargets:\n  W:\n    sources:\n      - path: .\n        excludes: [\"\(Self.wildGlobs[0])\", \"\(Self.wildGlobs[1])\"]\n",
                "excludes of 30 wildcards")
        case 0:
            // A "billion laughs": each anchor aliases the one before ten times.
            var bomb = "lol0: &lol0 [\"lol\"]\n"
            for level in 1..<10 {
                bomb +=
                    "lol\(level): &lol\(level) ["
                    + Array(repeating: "*lol\(level - 1)", count: 10).joined(
                        separator: ", ") + "]\n"
            }
            return mutation(bomb + text + "settings: *lol9\n", "anchors and aliases 10^9 strong")
        case 1:
            let depth = 300 + random.below(1_300)
            let nested = (0..<depth).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
            let list = (0..<depth).map { String(repeating: " ", count: $0 * 2) + "- k:" }.joined(separator: "\n")
            return mutation(
                text + "\n" + (random.below(2) == 0 ? nested : "deep:\n" + list) + "\n", "nested \(depth) deep")
        case 2:
            let lines = text.split(separator: "\n" as Character, omittingEmptySubsequences: false).map(String.init)
            let tabs = lines.map { line -> String in
                let spaces = line.prefix { $0 == " " }.count
                return String(repeating: "\t", count: spaces / 2) + line.dropFirst(spaces)
            }
            return mutation(tabs.joined(separator: "\n"), "indented with tabs")
        case 3:
            return mutation(text + "\n" + text + "\ntargets:\n  App:\n    sources: [App]\n", "every key twice")
        case 4:
            // Includes naming the spec itself (and its folder) twenty times a level, templates naming themselves.
            let includes = Array(repeating: "  - project.yml\n  - .\n  - xcodegen/templates.yml", count: 20)
            let templates = Array(repeating: "T", count: 20).joined(separator: ", ")
            return mutation(
                "include:\n" + includes.joined(separator: "\n") + "\n" + text
                    + "\ntargetTemplates:\n  T:\n    templates: [\(templates)]\n    sources: [T]\ntargets:\n  Bomb:\n    templates: [\(templates)]\n",
                "includes and templates naming themselves 20 times a level")
        case 5:
            return mutation("include:\n  - path: \"\(path)\"\n" + text, "an include of \(path.prefix(80))")
        case 6:
            return mutation(
                replacing(#"sources: (.+)"#, with: "[\"\(path)\"]").replacingOccurrences(
                    of: "path: ", with: "path: \(path)"),
                "source paths made \(path.prefix(80))")
        case 7:
            return mutation(text + "\npackages:\n  Evil:\n    path: \"\(path)\"\n", "a package at \(path.prefix(80))")
        default:
            let line = String(repeating: random.below(2) == 0 ? ":" : "\"", count: 1 << 20)
            return mutation(text + "\nname: " + line + "\n" + line + "\n", "a line of a million \(line.first!)")
        }
    }

    /// A Tuist manifest (`Project.swift`, `Tuist.swift`, `Workspace.swift`) crafted one way.
    func tuistManifest(random: inout SplitMix) -> ProjectFileMutation {
        let path = hostile(&random).replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
            of: "\u{0}", with: "\\0")
        switch random.below(6) {
        case 5:
            return mutation(
                text
                    + "\nlet globs = Project(name: \"W\", targets: [.target(name: \"W\", sources: [.glob(\"\(Self.wildGlobs[0])\", excluding: [\"\(Self.wildGlobs[1])\"])])])\n",
                "globs of 30 wildcards")
        case 0:
            let tokens = [
                "Project", "(", ")", "name:", "targets:", "[", "]", ".target", "sources:", "\"App/**\"", ",", "{",
                "}", "func", "let", "map", "$0", "\n", ".relativeToRoot", "Target", "=", "\"x\"",
            ]
            let stream = (0..<(100 + random.below(3000))).map { _ in tokens[random.below(tokens.count)] }
            return mutation(stream.joined(separator: " "), "a random token stream")
        case 1:
            let calls = Array(repeating: "bomb(name)", count: 20).joined(separator: " + ")
            return mutation(
                text
                    + "\nfunc bomb(_ name: String) -> [Target] { [.target(name: name, sources: [\"\\(name)/**\"])] + \(calls) }\nlet more = Project(name: \"B\", targets: bomb(\"B\"))\n",
                "a helper calling itself 20 times a level")
        case 2:
            let list = (0..<100).map { "\"M\($0)\"" }.joined(separator: ", ")
            return mutation(
                text
                    + "\nlet many = [\(list)]\nlet grid = Project(name: \"G\", targets: many.flatMap { a in many.flatMap { b in many.map { c in .target(name: c, sources: [\"\\(c)/**\"]) } } })\n",
                "maps nested three deep over 100 names")
        case 3:
            return mutation(
                text
                    + "\nlet away = Project(name: \"A\", targets: [.target(name: \"Away\", sources: [\"\(path)/**\", .glob(.relativeToRoot(\"\(path)\"))]), .target(name: \"Pkg\", dependencies: [.package(path: \"\(path)\")])], packages: [.local(path: \"\(path)\")])\n",
                "globs and packages at \(path.prefix(80))")
        default:
            let name = String(repeating: "N", count: 1 << 20)
            return mutation(
                text
                    + "\nlet huge = Project(name: \"\(name)\", targets: [.target(name: \"\(name)\", sources: [\"**\"])])\n",
                "a name of 1 MiB")
        }
    }
}
