import Foundation
import Testing

/// One ModelContext used from two threads at once stops the program with a message naming the context and both
/// uses, instead of corrupting it; the same context used by two threads one after the other is fine.
@Suite struct ConcurrentUseTests {
    @Test func overlappingUseStopsWithBothUsesNamed() throws {
        try expectStopped(mode: "overlapping", beforePrinting: "second thread counted")
    }

    /// A thread whose nested uses (which skip the lock) are all closed takes the lock again on its next use, so it
    /// is stopped while another thread is inside.
    @Test func threadDoneWithNestedUsesIsStoppedWhileAnotherIsInside() throws {
        try expectStopped(mode: "returning", beforePrinting: "first thread counted")
    }

    @Test func sequentialUseFromTwoThreadsIsFine() throws {
        let outcome = try ChildProcess.safety(["misuse-context", "sequential"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("second thread counted 3"))
        #expect(outcome.error.isEmpty)
    }

    /// Runs `strata-safety misuse-context mode`: the program must stop, before the late thread prints its count,
    /// with a fetch inside another thread's enumerate named in the message.
    private func expectStopped(mode: String, beforePrinting count: String) throws {
        let outcome = try ChildProcess.safety(["misuse-context", mode])
        #expect(outcome.status != 0)
        #expect(!outcome.output.contains(count))
        let message = outcome.error
        #expect(message.contains("was used from two threads at once: fetchCount(_:) on thread"))
        #expect(message.contains("while enumerate(_:batchSize:block:) runs on thread"))
        #expect(message.contains("misuse.store"))
        #expect(message.contains("give each thread or task its own context"))
    }
}
