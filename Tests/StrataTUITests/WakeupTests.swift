import CNCurses
import Foundation
import StrataTUI
import Testing

@testable import StrataTerminal

/// The UI's wait for input ends when background work posts an action, and still reads keys: the real ncurses
/// terminal reading from a pipe nothing else writes to.
@Suite(.serialized) struct WakeupTests {
    /// Runs `body` with an ncurses terminal drawing to /dev/null and reading the pipe whose write end it gets.
    private func withPipeTerminal(_ body: (NCursesTerminal, Int32) throws -> Void) throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fdopen(ends[0], "r"))
        defer {
            close(ends[1])
            fclose(input)
            fclose(output)
        }
        let terminal = try NCursesTerminal(monochrome: true, term: "xterm-256color", output: output, input: input)
        defer { terminal.close() }
        try body(terminal, ends[1])
    }

    @Test func anActionPostedFromAnotherThreadEndsTheWait() throws {
        try withPipeTerminal { terminal, _ in
            let inbox = ActionQueue()
            let started = Date()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { inbox.post(.tick(now: 0)) }
            #expect(terminal.nextInput(timeout: 600_000, wakeup: inbox.wakeup) == nil)
            #expect(Date().timeIntervalSince(started) < 300, "woken, not timed out")
            let posted = inbox.drain()
            #expect(posted.count == 1)
            guard case .tick(let now)? = posted.first else {
                Issue.record("expected the posted tick, got \(posted)")
                return
            }
            #expect(now == 0)
        }
    }

    @Test func aKeyTypedWhileWaitingIsRead() throws {
        try withPipeTerminal { terminal, keys in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { _ = write(keys, "n", 1) }
            #expect(terminal.nextInput(timeout: 600_000, wakeup: Wakeup()) == .key(.character("n")))
            _ = write(keys, "rq", 2)
            #expect(terminal.nextInput(timeout: 0, wakeup: Wakeup()) == .key(.character("r")))
            #expect(terminal.nextInput(timeout: 0, wakeup: Wakeup()) == .key(.character("q")), "ncurses' buffer first")
            #expect(terminal.nextInput(timeout: 0, wakeup: Wakeup()) == nil)
        }
    }

    @Test func postsBeforeTheWaitEndItOnceAndAreAllDrained() throws {
        try withPipeTerminal { terminal, _ in
            let inbox = ActionQueue()
            for second in 1...3 { inbox.post(.tick(now: Double(second))) }
            #expect(terminal.nextInput(timeout: 600_000, wakeup: inbox.wakeup) == nil)
            #expect(inbox.drain().count == 3)
            // The signal was consumed: the next wait lasts its timeout.
            #expect(terminal.nextInput(timeout: 10, wakeup: inbox.wakeup) == nil)
        }
    }
}
