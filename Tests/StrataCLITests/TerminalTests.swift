import Testing

/// `strata` on a real pseudo-terminal: the confirmation prompt, progress bars and colour (unless NO_COLOR).
@Suite(.enabled(if: TerminalRun.script != nil, "needs util-linux script for a pseudo-terminal"))
struct TerminalTests {
    /// Issue 44: `--step` asks about the version the next stage reaches, not the plan's newest.
    @Test func stepAsksAboutTheNextStagesVersion() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 5)
        let run = try TerminalRun.strata(["migrate", store, "--plan", "bookshelf", "--step"], input: "y\n")
        #expect(run.status == 0, "\(run.screen)")
        #expect(
            run.screen.contains(
                "Migrate \(store) from 1.0.0 to 2.0.0 with plan bookshelf (only the next stage)? This writes the store."
            ),
            "\(run.screen)")
        #expect(try CommandRun.strata("info", store, "--json").json()["version"] as? String == "2.0.0")
    }

    @Test func confirmedRunShowsAProgressBarPerStage() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 40)
        let run = try TerminalRun.strata(["migrate", store, "--plan", "bookshelf"], input: "y\n")
        #expect(run.status == 0)
        #expect(
            run.screen.contains(
                "Migrate \(store) from 1.0.0 to 3.0.0 with plan bookshelf? This writes the store. [y/N]"))
        #expect(run.screen.contains("[1/2] 1.0.0 -> 2.0.0 █"))
        #expect(run.screen.contains("[2/2] 2.0.0 -> 3.0.0 ██████████████████████████████ 100% done, 40 row writes"))
        #expect(run.screen.contains("\u{1B}[32m"))
        #expect(try CommandRun.strata("info", store, "--json").json()["version"] as? String == "3.0.0")
    }

    @Test func declinedRunChangesNothingAndExitsOne() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 5)
        let before = TemporaryStore.digests(of: store)
        let run = try TerminalRun.strata(["migrate", store, "--plan", "bookshelf"], input: "n\n")
        #expect(run.status == 1)
        #expect(run.screen.contains("not confirmed; \(store) was not changed"))
        #expect(TemporaryStore.digests(of: store) == before)
    }

    @Test func noColorTurnsColourOff() throws {
        let coloured = try TerminalRun.strata(["check", "--plan", "bookshelf"])
        #expect(coloured.screen.contains("\u{1B}[1m"))
        let plain = try TerminalRun.strata(["check", "--plan", "bookshelf"], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0)
        #expect(plain.screen.contains("OK: the plan is valid."))
        #expect(!plain.screen.contains("\u{1B}["))
    }
}
