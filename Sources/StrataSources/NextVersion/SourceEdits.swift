import Foundation
import SwiftSyntax

/// The edits `strata next-version` makes to an app's files: new files, and replacements of the byte ranges of the
/// declarations it names (found with swift-syntax), so everything else in a changed file stays byte for byte.
package struct SourceEdits: Sendable {
    /// One file's outcome: its text before (nil for a file created) and after.
    package struct FileChange: Sendable, Equatable {
        /// The file's path.
        package let path: String
        /// Its text before, or nil when the file is created.
        package let before: String?
        /// Its text after.
        package let after: String
        /// The UTF-8 ranges of `after` holding whole declarations written in, which `swift format` formats.
        package var written: [Range<Int>] = []
    }

    private var created: [(path: String, text: String)] = []
    private var replacements:
        [String: (text: String, edits: [(range: Range<Int>, text: String, isDeclaration: Bool)])] = [:]

    /// No edits yet.
    init() {}

    /// True when nothing would change.
    package var isEmpty: Bool { created.isEmpty && replacements.isEmpty }

    /// Creates the file at `path` holding `text`.
    mutating func create(_ path: String, _ text: String) { created.append((path, text)) }

    /// Replaces `node` (without its surrounding trivia) in `file` with `text`.
    mutating func replace(_ node: some SyntaxProtocol, in file: SourceFile, with text: String) {
        let range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        replace(range, in: file, with: text)
    }

    /// Inserts `text` at the UTF-8 `offset` of `file`; `isDeclaration` when it is whole declarations, which
    /// `swift format` then formats.
    mutating func insert(_ text: String, at offset: Int, in file: SourceFile, isDeclaration: Bool = false) {
        replace(offset..<offset, in: file, with: text, isDeclaration: isDeclaration)
    }

    /// Inserts `text` at the UTF-8 `offset` of the file at `path` that is not Swift (an Xcode project's
    /// `project.pbxproj`), read as `original`.
    mutating func insert(_ text: String, at offset: Int, inFile path: String, original: String) {
        replacements[path, default: (original, [])].edits.append((offset..<offset, text, false))
    }

    private mutating func replace(
        _ range: Range<Int>, in file: SourceFile, with text: String, isDeclaration: Bool = false
    ) {
        replacements[file.path, default: (file.tree.description, [])].edits.append((range, text, isDeclaration))
    }

    /// Every file's change, created files first, then changed files in path order.
    package var changes: [FileChange] {
        created.map { FileChange(path: $0.path, before: nil, after: $0.text) }
            + replacements.keys.sorted().map { path in
                let (text, edits) = replacements[path]!
                let bytes = Array(text.utf8)
                var output: [UInt8] = []
                var written: [Range<Int>] = []
                var cursor = 0
                // In file order; inserts at one offset keep the order they were made in.
                for edit in edits.enumerated().sorted(by: {
                    ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
                }).map(\.element) {
                    output += bytes[cursor..<edit.range.lowerBound]
                    let start = output.count
                    output += Array(edit.text.utf8)
                    if edit.isDeclaration { written.append(start..<output.count) }
                    cursor = max(cursor, edit.range.upperBound)
                }
                output += bytes[cursor...]
                return FileChange(
                    path: path, before: text, after: String(decoding: output, as: UTF8.self), written: written)
            }
    }
}

extension SourceEdits.FileChange {
    /// A unified diff of the change (`diff -u`), paths shown relative to `folder`; a created file is shown whole.
    package func unifiedDiff(relativeTo folder: URL) throws -> String {
        let shown = Self.relative(path, to: folder)
        guard let before else {
            return "new file \(shown)\n"
                + after.split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast(after.hasSuffix("\n") ? 1 : 0).map { "+" + $0 }.joined(separator: "\n") + "\n"
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-next-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let old = scratch.appendingPathComponent("before")
        let new = scratch.appendingPathComponent("after")
        try Data(before.utf8).write(to: old)
        try Data(after.utf8).write(to: new)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["diff", "-u", "--label", "a/\(shown)", "--label", "b/\(shown)", old.path, new.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `path` relative to `folder` when it lies inside it.
    package static func relative(_ path: String, to folder: URL) -> String {
        let base = folder.standardizedFileURL.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
