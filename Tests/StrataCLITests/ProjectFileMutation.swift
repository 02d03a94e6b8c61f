import AppleStoreFixtures
import Foundation

/// One project file of a fixture app damaged one way, as project files are damaged and crafted (docs/SAFETY.md,
/// "Hostile input"): bytes flipped or cut, brackets unbalanced or nested 10,000 deep, huge strings and numbers,
/// invalid UTF-8, a file that is not what its name claims, and the crafts of each kind (``ProjectFileCraft``).
struct ProjectFileMutation {
    /// The fixture apps carrying project files (under Tests/StrataSourcesTests/Fixtures), and their project files;
    /// `Workspace.swift`, which no fixture has, is written beside a Tuist app's `Tuist.swift` before it is damaged.
    static let apps: [(app: String, files: [String])] = [
        ("StaleXcodeApp", ["Pantry.xcodeproj/project.pbxproj"]),
        ("ModeSplitApp", ["Tally.xcodeproj/project.pbxproj"]),
        ("SyncFolderApp", ["Trails.xcodeproj/project.pbxproj"]),
        ("NextVersion/HerbariumXcode", ["Herbarium.xcodeproj/project.pbxproj"]),
        ("HabitTrackerApp", ["project.yml", "xcodegen/templates.yml"]),
        ("ListenLaterApp", ["project.yml"]),
        ("CragApp", ["Project.swift", "Tuist.swift", "Workspace.swift"]),
        ("TrainingLogApp", ["Project.swift", "Tuist.swift", "Workspace.swift"]),
    ]

    /// The `Workspace.swift` a Tuist app is given before it is damaged.
    static let workspace = Data(
        "import ProjectDescription\n\nlet workspace = Workspace(name: \"App\", projects: [\".\"])\n".utf8)

    /// The damaged file's new bytes.
    let bytes: [UInt8]
    /// What was done, for the replay line.
    let what: String

    /// `original` (the project file `file` of an app) damaged one way chosen by `random`; `outside` is the folder
    /// beside the app whose files a hostile path names.
    static func of(_ original: [UInt8], file: String, outside: Outside, random: inout SplitMix) -> ProjectFileMutation {
        let craft = ProjectFileCraft(text: String(decoding: original, as: UTF8.self), outside: outside)
        switch random.below(12) {
        case 0, 1, 2:
            if file.hasSuffix(".pbxproj") { return craft.xcodeProject(random: &random) }
            if file.hasSuffix(".yml") { return craft.xcodeGenSpec(random: &random) }
            return craft.tuistManifest(random: &random)
        case 3:
            var bytes = original
            for _ in 0..<(1 + random.below(16)) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
            }
            return ProjectFileMutation(bytes: bytes, what: "bit flips")
        case 4:
            let cut = random.below(original.count + 1)
            return ProjectFileMutation(bytes: Array(original.prefix(cut)), what: "truncated at \(cut)")
        case 5:
            var bytes = original
            let at = random.below(bytes.count + 1)
            let bracket = ["{", "}", "(", ")", "[", "]"][random.below(6)]
            bytes.insert(contentsOf: Array(String(repeating: bracket, count: 1 + random.below(50)).utf8), at: at)
            return ProjectFileMutation(bytes: bytes, what: "unbalanced \(bracket) at \(at)")
        case 6:
            var bytes = original
            let open = ["(", "{", "[", "f("][random.below(4)]
            let close = open == "{" ? "}" : open == "[" ? "]" : ")"
            let nested = String(repeating: open, count: 10_000) + String(repeating: close, count: 10_000)
            let at = random.below(bytes.count + 1)
            bytes.insert(contentsOf: Array(nested.utf8), at: at)
            return ProjectFileMutation(bytes: bytes, what: "nested 10,000 deep with \(open) at \(at)")
        case 7:
            var bytes = original
            let at = random.below(bytes.count + 1)
            let huge =
                random.below(2) == 0
                ? "\"" + String(repeating: "a", count: 1 << 20) + "\"" : String(repeating: "9", count: 100_000)
            bytes.insert(contentsOf: Array(huge.utf8), at: at)
            return ProjectFileMutation(bytes: bytes, what: "a huge literal (\(huge.count) bytes) at \(at)")
        case 8:
            var bytes = original
            let at = random.below(bytes.count + 1)
            bytes.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xFE, 0x80, 0xED, 0xA0, 0x80], at: at)
            return ProjectFileMutation(bytes: bytes, what: "invalid UTF-8 at \(at)")
        case 9, 10:
            return notWhatItClaims(random: &random)
        default:
            // Lines deleted, duplicated or swapped.
            var lines = String(decoding: original, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            guard lines.count > 2 else { return ProjectFileMutation(bytes: original, what: "unchanged") }
            let (one, other) = (random.below(lines.count), random.below(lines.count))
            let how = random.below(3)
            switch how {
            case 0: lines.remove(at: one)
            case 1: lines.insert(lines[one], at: other)
            default: lines.swapAt(one, other)
            }
            return ProjectFileMutation(
                bytes: Array(lines.joined(separator: "\n").utf8),
                what: ["line \(one) deleted", "line \(one) copied to \(other)", "lines \(one) and \(other) swapped"][
                    how])
        }
    }

    /// A file that is not what its name claims: JSON, an XML or binary property list, YAML, Swift, NUL bytes,
    /// random bytes, nothing.
    static func notWhatItClaims(random: inout SplitMix) -> ProjectFileMutation {
        let kinds: [(String, [UInt8])] = [
            ("JSON", Array(#"{"objects": {"A": {"isa": "PBXGroup", "children": ["A"]}}, "rootObject": "A"}"#.utf8)),
            (
                "an XML property list",
                Array(
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                    <plist version="1.0"><dict><key>objects</key><dict/><key>rootObject</key><string>A</string></dict></plist>
                    """.utf8)
            ),
            ("a binary property list", Array("bplist00".utf8) + (0..<200).map { _ in UInt8(random.below(256)) }),
            ("YAML", Array("targets:\n  App:\n    sources: [App]\n".utf8)),
            ("Swift", Array("import ProjectDescription\nlet project = Project(name: \"X\", targets: [])\n".utf8)),
            ("1 MiB of NUL bytes", [UInt8](repeating: 0, count: 1 << 20)),
            ("random bytes", (0..<(1 + random.below(4096))).map { _ in UInt8(random.below(256)) }),
            ("an empty file", []),
            (
                "a UTF-16 file",
                [0xFF, 0xFE] + Array("targets:\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            ),
        ]
        let (name, bytes) = kinds[random.below(kinds.count)]
        return ProjectFileMutation(bytes: bytes, what: "replaced by \(name)")
    }
}

/// The folder beside a mutated app that hostile paths point into: a FIFO (which blocks whoever opens it to read), an
/// `.xcconfig` and an XcodeGen spec that, were they read, would set the condition `OUTSIDE_WAS_READ` and add a target
/// `OutsideWasRead`. Nothing a project file names outside the app's folder may be read.
struct Outside {
    /// The folder (absolute).
    let folder: String
    /// The condition the trap files set.
    static let condition = "OUTSIDE_WAS_READ"

    /// The FIFO.
    var fifo: String { folder + "/trap.fifo" }
    /// The `.xcconfig`.
    var xcconfig: String { folder + "/trap.xcconfig" }
    /// The XcodeGen spec.
    var spec: String { folder + "/trap.yml" }

    /// Makes the folder and its traps in `parent`.
    init(in parent: String) throws {
        folder = parent + "/outside"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        try Data("SWIFT_ACTIVE_COMPILATION_CONDITIONS = \(Self.condition)\nSWIFT_VERSION = 6.0\n".utf8).write(
            to: URL(fileURLWithPath: xcconfig))
        try Data(
            """
            targets:
              OutsideWasRead:
                type: application
                platform: iOS
                sources: [..]
                settings:
                  base:
                    SWIFT_ACTIVE_COMPILATION_CONDITIONS: \(Self.condition)
            """.utf8
        ).write(to: URL(fileURLWithPath: spec))
    }

    /// Paths naming the traps (or other places outside the app) as a stranger writes them, `levels` folders below
    /// the folder holding `outside`.
    func hostilePaths(levels: Int) -> [String] {
        let up = String(repeating: "../", count: levels)
        return [
            up + "outside/trap.xcconfig", up + "outside/trap.fifo", up + "outside/trap.yml", xcconfig, fifo, spec,
            "/etc/passwd", "/dev/zero", "/proc/self/environ", "../../../../../../../../etc", "/",
            "a\u{0}b", String(repeating: "x/", count: 40_000), "~/.ssh/id_rsa", "$(SRCROOT)/../..", "",
        ]
    }
}
