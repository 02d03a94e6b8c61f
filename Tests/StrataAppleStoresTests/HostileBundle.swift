import AppleStoreFixtures
import Foundation
import StrataAppleStores

/// The message a reader's refusal carries (nil when read).
final class MessageBox: @unchecked Sendable {
    var message: String?
}

/// Writing, reading and running hostile bundles.
enum HostileBundle {
    /// A bundle the mutations start from: a folder copied whole and the bundle's path inside it.
    struct Source {
        let folder: URL
        let bundle: String
    }

    /// The real bundles: Tests/CoreDataModels (with the Tasks mapping model) and each model XML of
    /// Tests/Fixtures/AppleStores, written as a one-version bundle into `staging` (the caller's, removed by it).
    static func sources(staging: URL) throws -> [Source] {
        var sources: [Source] = [
            Source(folder: ModelBundleFixtures.folder.appendingPathComponent("Tasks"), bundle: "Tasks.xcdatamodeld"),
            Source(
                folder: ModelBundleFixtures.folder.appendingPathComponent("Journal"), bundle: "Journal.xcdatamodeld"),
            Source(
                folder: ModelBundleFixtures.folder.appendingPathComponent("Shelves"), bundle: "Shelves.xcdatamodeld"),
        ]
        let stores = ModelBundleFixtures.folder.deletingLastPathComponent().appendingPathComponent(
            "Fixtures/AppleStores")
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: stores.path)) ?? [] {
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: stores.appendingPathComponent(folder).path)) ?? []
            for file in files.sorted() where file.hasSuffix(".xml") {
                let target = staging.appendingPathComponent(file)
                _ = try write(
                    contents: String(
                        decoding: try Data(
                            contentsOf: stores.appendingPathComponent(folder).appendingPathComponent(file)),
                        as: UTF8.self),
                    in: target, name: "Model")
                sources.append(Source(folder: target, bundle: "Model.xcdatamodeld"))
            }
        }
        return sources
    }

    /// Writes `contents` as the only version of `NAME.xcdatamodeld` in `folder`; returns the bundle.
    static func write(contents: String, in folder: URL, name: String = "Model") throws -> URL {
        let bundle = folder.appendingPathComponent("\(name).xcdatamodeld")
        let version = bundle.appendingPathComponent("\(name).xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: version.appendingPathComponent("contents"))
        return bundle
    }

    /// Reads the bundle as `strata check --model` does (bundle, plan, checks, lint); the refusal's message or nil.
    static func readError(_ bundle: URL) -> String? {
        do {
            let model = try ModelBundle(url: bundle)
            let plan = ModelBundlePlan(bundle: model)
            _ = plan.check()
            _ = ModelLint(plan: plan).findings
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// What is wrong with `strata info` on the mutated `store` (as `replay`): an exit other than 0 to 3, a signal,
    /// more than 60 s, a refusal that names no file, or anything left in its `TMPDIR`.
    static func infoFailures(_ store: URL, replay: String) throws -> [String] {
        let run = try strata(["info", store.path])
        var failures: [String] = []
        if run.killed || ![0, 1, 2, 3].contains(run.status) || run.seconds > 60 {
            failures.append("\(replay): strata info ended with \(run.status) after \(run.seconds) s: \(run.error)")
        } else if run.status != 0 && !run.error.contains(store.path) {
            failures.append("\(replay): strata info names no file: \(run.error)")
        }
        if !run.leftBehind.isEmpty { failures.append("\(replay): left \(run.leftBehind) in TMPDIR") }
        return failures
    }

    /// How a `strata` run ended.
    struct Run {
        let status: Int32
        let killed: Bool
        let output: String
        let error: String
        let seconds: Double
        /// What the run left in its own temporary folder (`TMPDIR`).
        let leftBehind: [String]
    }

    /// Runs the built `strata` with `arguments`, its `TMPDIR` a fresh empty folder; kills it after 60 s.
    static func strata(_ arguments: [String]) throws -> Run {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let process = Process()
        process.executableURL = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("strata")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let started = Date()
        try process.run()
        let timer = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: timer)
        let errorBox = MessageBox()
        let errorDone = DispatchSemaphore(value: 0)
        let errorHandle = error.fileHandleForReading
        Thread {
            errorBox.message = String(decoding: errorHandle.readDataToEndOfFile(), as: UTF8.self)
            errorDone.signal()
        }.start()
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        errorDone.wait()
        process.waitUntilExit()
        timer.cancel()
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        return Run(
            status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
            output: String(decoding: standardOutput, as: UTF8.self), error: errorBox.message ?? "",
            seconds: Date().timeIntervalSince(started), leftBehind: left)
    }
}
