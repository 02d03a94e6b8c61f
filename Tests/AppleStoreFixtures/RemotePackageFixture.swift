import Foundation

/// The remote package the compiled level's resolution tests depend on (shelf-life, with its ShelfLife library), as a
/// real git repository served by a file:// address, for the library's tests and the command line's alike.
public enum RemotePackageFixture {
    /// shelf-life's manifest: its ShelfLife library.
    public static let shelfLifeManifest = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "shelf-life",
            products: [.library(name: "ShelfLife", targets: ["ShelfLife"])],
            targets: [.target(name: "ShelfLife")]
        )
        """

    /// A git repository of the shelf-life package tagged 0.4.0 under `folder`; its file:// address.
    public static func repository(under folder: URL) throws -> String {
        let repository = folder.appendingPathComponent("shelf-life")
        try write(shelfLifeManifest, "Package.swift", under: repository)
        try write(
            "public enum ShelfLife {\n    public static func days(of label: String) -> Int { label.count * 10 }\n}\n",
            "Sources/ShelfLife/ShelfLife.swift", under: repository)
        try git(["init", "-q"], in: repository)
        try git(["add", "."], in: repository)
        try git(["commit", "-q", "-m", "shelf-life 0.4.0"], in: repository)
        try git(["tag", "0.4.0"], in: repository)
        return "file://" + repository.standardizedFileURL.path
    }

    /// Writes `text` at `path` under `folder`, making the folders.
    public static func write(_ text: String, _ path: String, under folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Runs git with `arguments` in `folder`; throws when it fails.
    private static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Strata Tests", "-c", "user.email=tests@example.org"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: "git \(arguments) failed"])
        }
    }
}
