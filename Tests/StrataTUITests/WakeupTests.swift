import CNCurses
import Foundation
import StrataTUI
import Testing

@testable import StrataTerminal

extension NCursesScreenSuites {
    /// The UI's wait for input ends when background work posts an action, and still reads keys: the real ncurses
    /// terminal reading from a pipe nothing else writes to.
    @Suite struct WakeupTests {
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
                var posted: [Action] = []
                // A wait may also end early, interrupted by a signal (see aKeyTypedWhileWaitingIsRead).
                while posted.isEmpty, Date().timeIntervalSince(started) < 300 {
                    #expect(terminal.nextInput(timeout: 600_000, wakeup: inbox.wakeup) == nil)
                    posted = inbox.drain()
                }
                #expect(Date().timeIntervalSince(started) < 300, "woken, not timed out")
                #expect(posted.count == 1)
                guard case .tick(let now)? = posted.first else {
                    Issue.record("expected the posted tick, got \(posted)")
                    return
                }
                #expect(now == 0)
            }
        }

        /// A wait may end with nothing read (a signal interrupts it, as a resize's does by design), so each key is
        /// waited for in a loop, as the event loop does. (CI's failures here were another suite's ncurses screen
        /// taking the reads: see `NCursesScreenSuites`.)
        @Test func aKeyTypedWhileWaitingIsRead() throws {
            try withPipeTerminal { terminal, keys in
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { _ = write(keys, "n", 1) }
                #expect(Self.nextKey(terminal, waiting: 600_000) == .key(.character("n")))
                _ = write(keys, "rq", 2)
                #expect(Self.nextKey(terminal, waiting: 0) == .key(.character("r")))
                #expect(Self.nextKey(terminal, waiting: 0) == .key(.character("q")), "ncurses' buffer first")
                #expect(terminal.nextInput(timeout: 0, wakeup: Wakeup()) == nil)
            }
        }

        /// The next input, asking again while waits end with nothing read, for at most 60 s.
        private static func nextKey(_ terminal: NCursesTerminal, waiting milliseconds: Int) -> TerminalInput? {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if let input = terminal.nextInput(timeout: milliseconds, wakeup: Wakeup()) { return input }
            }
            return nil
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
}
