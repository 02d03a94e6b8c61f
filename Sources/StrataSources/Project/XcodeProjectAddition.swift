import Foundation
import Strata

/// New Swift files added to a classic Xcode project the way Xcode adds them: a file reference in the group that holds
/// the file they are created beside, and a build file in the Sources build phase of each target compiling it, with
/// new unique identifiers. The insertions touch nothing else in `project.pbxproj` (each entry written where Xcode
/// keeps it: the objects of one kind in identifier order, a group's new child and a phase's new file last). In a
/// file-system-synchronized folder the new files need no entry, but where membership exceptions list the file they
/// are created beside, they are listed too.
struct XcodeProjectAddition {
    /// What adding files to a project came to.
    enum Outcome {
        /// The insertions into the project file's text, by UTF-8 offset, and what they do in words.
        case added(insertions: [(offset: Int, text: String)], summary: String)
        /// Nothing to add: a file-system-synchronized folder holds the new files, and no membership exception lists
        /// the file beside them.
        case synchronized(folder: String)
        /// The project does not compile the file the new ones are created beside through a Sources build phase.
        case notCompiled
    }

    /// The project file's text.
    let text: String
    private let graph: ObjectGraph
    private let spans: [[String]: PropertyListText.Span]
    private let project: URL

    /// Reads the project at `url` (the `.xcodeproj` folder); throws when its `project.pbxproj` does not parse.
    init(project url: URL) throws {
        let file = url.appendingPathComponent("project.pbxproj")
        text = try XcodeProject.text(of: url)
        let parsed: (PropertyListText, [[String]: PropertyListText.Span])
        do { parsed = try PropertyListText.parseWithSpans(text) } catch {
            throw SourceReadingError.unreadableProject(file.path, reason: "\(error)")
        }
        graph = ObjectGraph(parsed.0, url: url)
        spans = parsed.1
        project = url
    }

    /// Adds `files` (paths of new Swift files) to the group holding `anchor` (an existing file beside them) and to the
    /// Sources build phase of every target compiling it.
    func adding(_ files: [String], beside anchor: String) -> Outcome {
        let files = files.map { FilePath.join("/", $0) }
        let anchor = FilePath.join("/", anchor)
        let objects = graph.objects
        for (id, object) in objects where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            if let folder = graph.paths[id], files.allSatisfy({ $0.isInside(folder) }) {
                return synchronized(files, beside: anchor, in: object, folder: folder)
            }
        }
        let ids = objects.keys.sorted()
        guard
            let reference = ids.first(where: {
                objects[$0]?["isa"]?.string == "PBXFileReference" && graph.paths[$0] == anchor
            }),
            let group = ids.first(where: { objects[$0]?["children"]?.strings.contains(reference) ?? false }),
            let groupPath = graph.paths[group]
        else { return .notCompiled }
        let phases = (graph.project["targets"]?.strings ?? []).flatMap { target -> [(phase: String, target: String)] in
            (objects[target]?["buildPhases"]?.strings ?? []).filter { phase in
                objects[phase]?["isa"]?.string == "PBXSourcesBuildPhase"
                    && (objects[phase]?["files"]?.strings ?? []).contains {
                        objects[$0]?["fileRef"]?.string == reference
                    }
            }.map { (phase: $0, target: objects[target]?["name"]?.string ?? target) }
        }
        guard !phases.isEmpty else { return .notCompiled }
        var taken = Set(ids)
        // New objects by identifier (two placed before the same object go in identifier order), then the elements
        // added to groups and phases in the order made.
        var newObjects: [(id: String, insertion: (offset: Int, text: String))] = []
        var insertions: [(offset: Int, text: String)] = []
        for file in files {
            let name = URL(fileURLWithPath: file).lastPathComponent
            let fileReference = newIdentifier(for: file + " reference", taken: &taken)
            let inGroup = file.isInside(groupPath)
            let path = FilePath.relative(file, to: inGroup ? groupPath : graph.root)
            let tree = inGroup ? "\"<group>\"" : file.isInside(graph.root) ? "SOURCE_ROOT" : "\"<absolute>\""
            let named = path == name ? "" : "name = \(Self.quoted(name)); "
            newObjects.append(
                (
                    fileReference,
                    object(
                        fileReference, kind: "PBXFileReference", comment: name,
                        body:
                            "{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; \(named)path = \(Self.quoted(path)); sourceTree = \(tree); };"
                    )
                ))
            insertions.append(element("\(fileReference) /* \(name) */", in: ["objects", group, "children"]))
            for (phase, _) in phases {
                let buildFile = newIdentifier(for: file + " in " + phase, taken: &taken)
                newObjects.append(
                    (
                        buildFile,
                        object(
                            buildFile, kind: "PBXBuildFile", comment: "\(name) in Sources",
                            body: "{isa = PBXBuildFile; fileRef = \(fileReference) /* \(name) */; };")
                    ))
                insertions.append(element("\(buildFile) /* \(name) in Sources */", in: ["objects", phase, "files"]))
            }
        }
        let groupName = objects[group]?["name"]?.string ?? objects[group]?["path"]?.string ?? "the main group"
        let targets = phases.map(\.target)
        let summary =
            "\(project.lastPathComponent): added \(files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")) to group \(groupName) and to the Sources of target\(targets.count == 1 ? "" : "s") \(targets.joined(separator: ", "))"
        return .added(
            insertions: newObjects.sorted { $0.id < $1.id }.map(\.insertion) + insertions, summary: summary)
    }

    /// New files in the synchronized folder `group` (at `folder`): their membership follows `anchor`'s, so each
    /// membership exception set listing it (a target given the folder's model files one by one, such as a widget's,
    /// or a target keeping it out) lists them too; with none, nothing to edit.
    private func synchronized(
        _ files: [String], beside anchor: String, in group: PropertyListText, folder: String
    ) -> Outcome {
        let shownFolder = FilePath.relative(folder, to: graph.root)
        let anchorPath = FilePath.relative(anchor, to: folder)
        let sets = (group["exceptions"]?.strings ?? []).filter {
            graph.objects[$0]?["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet"
                && (graph.objects[$0]?["membershipExceptions"]?.strings ?? []).contains(anchorPath)
        }
        guard !sets.isEmpty else { return .synchronized(folder: shownFolder) }
        let insertions = sets.flatMap { set in
            files.map {
                element(Self.quoted(FilePath.relative($0, to: folder)), in: ["objects", set, "membershipExceptions"])
            }
        }
        let targets = sets.compactMap { graph.objects[$0]?["target"]?.string }.map {
            graph.objects[$0]?["name"]?.string ?? $0
        }
        let names = files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        return .added(
            insertions: insertions,
            summary:
                "\(project.lastPathComponent): \(shownFolder) is a file-system-synchronized folder; added \(names) to the membership exceptions listing \(anchorPath) for target\(targets.count == 1 ? "" : "s") \(targets.joined(separator: ", "))"
        )
    }

    /// A 24-hex-digit identifier no object of the project (or one added) has, derived from `seed` so that the same
    /// draft gets the same identifiers shown and written.
    private func newIdentifier(for seed: String, taken: inout Set<String>) -> String {
        var attempt = 0
        while true {
            let digest = SHA256.hash(data: Array("\(project.lastPathComponent)|\(seed)|\(attempt)".utf8))
            let id = digest.prefix(12).map { String(format: "%02X", $0) }.joined()
            if !taken.contains(id) && !text.contains(id) {
                taken.insert(id)
                return id
            }
            attempt += 1
        }
    }

    /// The line of a new object of kind `kind`, placed among the objects of that kind in identifier order (as Xcode
    /// keeps its sections), with their indentation; before the end of `objects` when there are none.
    private func object(_ id: String, kind: String, comment: String, body: String) -> (offset: Int, text: String) {
        let bytes = Array(text.utf8)
        let same = graph.objects.keys.filter { graph.objects[$0]?["isa"]?.string == kind }.sorted()
        let spanOf = { (id: String) in self.spans[["objects", id]] }
        let indent =
            same.first.flatMap(spanOf).map { Self.indentation(before: $0.entry.lowerBound, in: bytes) }
            ?? "\t\t"
        let line = "\(indent)\(id) /* \(comment) */ = \(body)\n"
        if let next = same.first(where: { $0 > id }), let span = spanOf(next) {
            return (Self.lineStart(of: span.entry.lowerBound, in: bytes), line)
        }
        if let last = same.last, let span = spanOf(last) {
            return (Self.lineEnd(of: span.entry.upperBound, in: bytes), line)
        }
        let objects = spans[["objects"]]?.value ?? (bytes.count..<bytes.count)
        return (Self.lineStart(of: max(objects.lowerBound, objects.upperBound - 1), in: bytes), line)
    }

    /// `element` added last to the array at `path`: on a line of its own as Xcode writes arrays, or inline.
    private func element(_ element: String, in path: [String]) -> (offset: Int, text: String) {
        let bytes = Array(text.utf8)
        guard let value = spans[path]?.value else { return (0, "") }
        let close = value.upperBound - 1 // the `)`
        let inside = String(decoding: bytes[(value.lowerBound + 1)..<close], as: UTF8.self)
        let comma = Self.needsComma(bytes[(value.lowerBound + 1)..<close])
        guard inside.contains("\n") else { return (close, "\(comma ? ", " : " ")\(element), ") }
        let closeIndent = Self.indentation(before: close, in: bytes)
        return (Self.lineStart(of: close, in: bytes), "\(comma ? "," : "")\(closeIndent)\t\(element),\n")
    }

    /// True when the array content before its `)` ends with an element but no comma (comments and blanks aside).
    private static func needsComma(_ content: ArraySlice<UInt8>) -> Bool {
        var end = content.endIndex
        while end > content.startIndex {
            let byte = content[end - 1]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                end -= 1
            } else if byte == 0x2F, end - 2 >= content.startIndex, content[end - 2] == 0x2A {
                // A `/* … */` comment: back to its start.
                var start = end - 2
                while start > content.startIndex, !(content[start - 1] == 0x2F && content[start] == 0x2A) { start -= 1 }
                end = max(content.startIndex, start - 1)
            } else {
                return byte != UInt8(ascii: ",")
            }
        }
        return false
    }

    /// The offset where the line holding `offset` starts.
    private static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// The offset just past the line break ending the line holding `offset`.
    private static func lineEnd(of offset: Int, in bytes: [UInt8]) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return min(end + 1, bytes.count)
    }

    /// The blanks between the start of the line holding `offset` and the line's first other character.
    private static func indentation(before offset: Int, in bytes: [UInt8]) -> String {
        let start = lineStart(of: offset, in: bytes)
        let blanks = bytes[start..<offset].prefix { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: blanks, as: UTF8.self)
    }

    /// `text` as a property-list string: bare when Xcode writes it bare, else quoted.
    private static func quoted(_ text: String) -> String {
        let bare =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_$+/:.-".unicodeScalars.contains($0))
            }
        guard !bare else { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
