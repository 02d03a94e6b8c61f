import StrataSources

/// Which files of `--sources DIR` were read, in `strata check --json`:
/// `{"project", "summary", "read": [{"file", "targets"}], "skipped": [{"file", "reason"}]}` (paths relative to DIR).
struct SourceFilesEntry: Encodable {
    /// A file read and the targets compiling it.
    struct Read: Encodable {
        let file: String
        let targets: [String]
    }

    /// A file left out and why.
    struct Skipped: Encodable {
        let file: String
        let reason: String
    }

    /// The Xcode project or `Package.swift` that chose the files; absent when none did.
    let project: String?
    /// "read 12 files of target MyApp in MyApp.xcodeproj; skipped 1 file not in any target: Old/SchemaV1.swift".
    let summary: String
    let read: [Read]
    let skipped: [Skipped]

    /// The entry of the files `compiled` chose.
    init(_ compiled: CompiledFiles) {
        project = compiled.project
        summary = compiled.summary
        read = compiled.read.map { Read(file: compiled.relativePath($0), targets: compiled.targets(of: $0)) }
        skipped = compiled.skipped.map { Skipped(file: $0.file, reason: $0.reason) }
    }
}
