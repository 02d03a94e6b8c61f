import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds an app's target in the compiled level's package, or reuses the last build when the target's content hash
/// is unchanged (then `swift build` is not even started). The build's progress goes to `progress` (standard error).
package struct CompiledBuild: Sendable {
    /// What came of a build.
    package enum Outcome: Sendable, Equatable {
        /// The app's `strata`, built now or before.
        case built(URL)
        /// The app's files did not compile; the errors name the declarations.
        case failed([BuildProblem])
        /// The build could not run (no Strata package to build against, no `swift`, a dependency failing).
        case unavailable(String)
    }

    /// What the last build of a target gave, kept beside the package so an unchanged app is not built again.
    struct State: Codable {
        let hash: String
        let problems: [BuildProblem]?
    }

    /// The package to build in.
    package let package: CompiledPackage
    /// Where progress lines go.
    package let progress: @Sendable (String) -> Void

    /// A build in `package`, reporting to `progress`.
    package init(package: CompiledPackage, progress: @escaping @Sendable (String) -> Void) {
        self.package = package
        self.progress = progress
    }

    /// Builds `app` unless its last build had the same content hash (`salt` names this Strata's build).
    package func build(_ app: CompiledApp, salt: String) -> Outcome {
        guard package.strataIsPresent else {
            return .unavailable(
                "there is no Strata package at \(package.strata.path) to build the app's code against (set STRATA_PACKAGE_PATH to a checkout of Strata)"
            )
        }
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: package.root, withIntermediateDirectories: true)
        } catch {
            return .unavailable(
                "the cache folder \(package.root.path) cannot be created: \(error.localizedDescription)")
        }
        let lock = Self.lock(package.root.appendingPathComponent(".lock")) {
            progress("strata: waiting for another strata building in \(package.root.path)")
        }
        defer { Self.unlock(lock) }
        let hash = app.contentHash(salt: salt + "\u{0}" + package.strata.path)
        let stateURL = package.root.appendingPathComponent("state").appendingPathComponent(app.target + ".json")
        let binary = package.binary(of: app)
        if let data = manager.contents(atPath: stateURL.path),
            let state = try? JSONDecoder().decode(State.self, from: data), state.hash == hash
        {
            if let problems = state.problems, !problems.isEmpty { return .failed(problems) }
            if manager.isExecutableFile(atPath: binary.path) { return .built(binary) }
        }
        do {
            try package.write(app)
        } catch {
            return .unavailable(
                "the app's target cannot be written in \(package.root.path): \(error.localizedDescription)")
        }
        let first = !manager.fileExists(atPath: package.binary(of: app).deletingLastPathComponent().path)
        progress(
            "strata: compiling \(app.files.count - 1) file\(app.files.count == 2 ? "" : "s") of \(app.folder.path) against Strata in \(package.root.path)"
                + (first ? " (the first build compiles Strata and its dependencies: it may take minutes)" : "")
        )
        let started = Date()
        let timesURL = package.root.appendingPathComponent("state").appendingPathComponent("longest-build.json")
        let previous = manager.contents(atPath: timesURL.path).flatMap {
            try? JSONDecoder().decode(BuildEstimate.Record.self, from: $0)
        }
        let estimate = BuildEstimate(previous: previous, started: started)
        var steps = 0
        let (status, output) = ToolRun.run(
            ["swift", "build", "--package-path", package.root.path, "--product", app.target]
        ) { line in
            // The `[n/m]` steps (with the time left) and SwiftPM's fetching and planning, as they come.
            if line.hasPrefix("[") || line.hasPrefix("Fetching") || line.hasPrefix("Computing")
                || line.hasPrefix("Building for")
            {
                steps = max(steps, BuildEstimate.step(of: line)?.total ?? 0)
                progress("  " + estimate.annotated(line))
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        let seconds = Int(elapsed.rounded())
        if status == 0, manager.isExecutableFile(atPath: binary.path) {
            progress("strata: built in \(seconds) s")
            save(State(hash: hash, problems: nil), to: stateURL)
            // The longest build is the one an estimate of a cold build needs (a warm one takes a few steps).
            if steps > (previous?.steps ?? 0) {
                try? JSONEncoder().encode(BuildEstimate.Record(steps: steps, seconds: elapsed)).write(to: timesURL)
            }
            return .built(binary)
        }
        let problems = BuildProblem.parse(output, app: app, folder: package.folder(of: app))
        guard !problems.isEmpty else {
            let errors = output.split(whereSeparator: \.isNewline).filter { $0.contains("error:") }.prefix(5)
            return .unavailable(
                "swift build failed (status \(status ?? -1))\(errors.isEmpty ? "" : ": " + errors.joined(separator: "; "))"
            )
        }
        save(State(hash: hash, problems: problems), to: stateURL)
        return .failed(problems)
    }

    /// Removes the target of the app in `folder` and its build from the package (``CompiledPackage/remove(_:)``),
    /// holding the lock builds take, so a build running in the same cache never sees half of it.
    package func remove(_ folder: URL) throws {
        guard FileManager.default.fileExists(atPath: package.root.path) else { return }
        let lock = Self.lock(package.root.appendingPathComponent(".lock")) {
            progress("strata: waiting for another strata building in \(package.root.path)")
        }
        defer { Self.unlock(lock) }
        try package.remove(folder)
    }

    private func save(_ state: State, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONEncoder().encode(state).write(to: url)
    }

    /// Takes an exclusive lock on `url`, calling `waiting` first when another strata holds it (building in the
    /// same cache) and waiting for it.
    private static func lock(_ url: URL, waiting: () -> Void) -> Int32 {
        let descriptor = open(url.path, O_CREAT | O_RDWR, 0o644)
        if descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            _ = flock(descriptor, LOCK_EX)
        }
        return descriptor
    }

    private static func unlock(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
