import Foundation

/// A program running in a detached tmux session of a fixed size: keys go in with send-keys, the screen comes
/// back with capture-pane, and waits poll the screen until a deadline (never a fixed sleep).
final class TmuxSession {
    /// True when tmux is installed.
    static var available: Bool { (try? run(["-V"]).status) == 0 }

    let name = "strata-test-\(UUID().uuidString.prefix(8))"

    /// Starts `command` (a shell command line) in a new session; the pane stays after the command exits.
    /// A server still shutting down after the previous test's last session (`server exited unexpectedly`) is
    /// waited out: the session is asked for again, up to five times.
    init(command: String, width: Int, height: Int) throws {
        var start = (status: Int32(-1), output: "")
        for attempt in 0..<5 {
            if attempt > 0 { usleep(200_000) }
            start = try Self.run(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command])
            guard start.status != 0, start.output.contains("server exited unexpectedly") else { break }
        }
        guard start.status == 0 else { throw Failure("tmux new-session failed: \(start.output)") }
        _ = try Self.run(["set-option", "-t", name, "remain-on-exit", "on"])
    }

    deinit { _ = try? Self.run(["kill-session", "-t", name]) }

    /// Types keys (tmux key names such as "Enter", "Escape", "C-c", or literal text).
    func send(_ keys: String...) throws {
        _ = try Self.run(["send-keys", "-t", name] + keys)
    }

    /// Resizes the window (the program gets SIGWINCH, as when a terminal window is resized).
    func resize(width: Int, height: Int) throws {
        let resized = try Self.run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
        guard resized.status == 0 else { throw Failure("tmux resize-window failed: \(resized.output)") }
    }

    /// The screen's text now.
    func screen() throws -> String { try Self.run(["capture-pane", "-p", "-t", name]).output }

    /// Polls the screen until `predicate` holds, then returns it once settled; throws with the last screen after
    /// `seconds`. A capture can land in the middle of a frame being drawn (a popup's title written, its body not
    /// yet: seen in CI), so a screen that holds is captured again until two captures 50 ms apart agree, for at
    /// most half a second (a live pane may never settle; its latest capture that holds is returned then).
    @discardableResult
    func wait(_ what: String, seconds: Double = 30, until predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return try settled(last, holding: predicate) }
            usleep(50_000)
        }
        throw Failure("timed out waiting for \(what); screen:\n\(last)")
    }

    /// `screen`, captured again until two captures agree (at most ten times), the latest that holds `predicate`.
    private func settled(_ screen: String, holding predicate: (String) -> Bool) throws -> String {
        var latest = screen
        for _ in 0..<10 {
            usleep(50_000)
            let again = try self.screen()
            if again == latest { return again }
            guard predicate(again) else { return latest }
            latest = again
        }
        return latest
    }

    /// Polls until the screen shows `text`.
    @discardableResult
    func wait(for text: String, seconds: Double = 30) throws -> String {
        try wait("'\(text)'", seconds: seconds) { $0.contains(text) }
    }

    /// Runs tmux with arguments and returns its status and output. It is spawned and reaped with posix_spawn
    /// and waitpid, its output going to a file: the tmux server that the first command starts inherits the
    /// descriptors (a pipe would never close), and Foundation's Process was seen leaving the client unreaped.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The tests' own server (`-L`), started with no signal blocked: a test thread blocks most signals, and the
        // server and the programs it starts would inherit that mask (a blocked SIGWINCH never tells them of a resize).
        let argv = (["/usr/bin/env", "tmux", "-L", "strata-tests"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv + [nil], environ)
        guard spawned == 0 else { throw Failure("cannot start tmux: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return ((status >> 8) & 0xFF, output)
    }

    /// A failed wait or tmux call.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
