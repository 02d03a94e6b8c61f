import Foundation
import PackagePlugin

/// Records the commit `strata` is built from, at build time: before each build `scripts/build-commit.sh` writes the
/// checkout's HEAD (and whether the tree had uncommitted changes) into a Swift file compiled into the target, so
/// `strata --version` names the commit its binary was built from, not the checkout's HEAD when it runs.
@main
struct BuildCommit: BuildToolPlugin {
    /// The one prebuild command: the script, run by the system shell, writing into the plugin's work folder.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let package = context.package.directoryURL
        return [
            .prebuildCommand(
                displayName: "Record the commit strata is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [package.appendingPathComponent("scripts/build-commit.sh").path, package.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
