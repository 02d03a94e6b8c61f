import Strata
import Testing

@testable import StrataCLI

/// The migration event renderers: a bar redrawn in place on a terminal, one line per event elsewhere.
@Suite struct ProgressOutputTests {
    @Test func barFillsWithProgressAndEndsTheLineWhenTheStageFinishes() {
        var written = ""
        let bar = ProgressBar(style: TextStyle(enabled: false), width: 10) { written += $0 }
        bar.handle(
            .stageStarted(
                index: 0, count: 2, stage: StageID(from: Schema.Version(1, 0, 0), to: Schema.Version(2, 0, 0)),
                totalRows: 200))
        bar.handle(
            .step(
                stage: StageID(from: Schema.Version(1, 0, 0), to: Schema.Version(2, 0, 0)),
                summary: "rebuild Book (12-step)"))
        bar.handle(
            .progress(
                stage: StageID(from: Schema.Version(1, 0, 0), to: Schema.Version(2, 0, 0)), rowsDone: 100,
                totalRows: 200))
        #expect(bar.line() == "[1/2] 1.0.0 -> 2.0.0 █████░░░░░  50% rebuild Book (12-step)")
        bar.handle(
            .stageFinished(
                stage: StageID(from: Schema.Version(1, 0, 0), to: Schema.Version(2, 0, 0)), duration: 0.5, rows: 200))
        #expect(bar.line() == "[1/2] 1.0.0 -> 2.0.0 ██████████ 100% done, 200 row writes in 0.50s")
        #expect(written.hasSuffix("\n"))
        #expect(written.components(separatedBy: "\r\u{1B}[K").count == 5)
    }

    @Test func eventLinesEscapeControlCharacters() {
        #expect(
            EventLog.line(
                for: .stageStarted(
                    index: 1, count: 2, stage: StageID(from: Schema.Version(2, 0, 0), to: Schema.Version(3, 0, 0)),
                    totalRows: 7)) == "stage 2/2 2.0.0 -> 3.0.0: started, 7 rows")
        #expect(
            EventLog.line(
                for: .stageFailed(
                    stage: StageID(from: nil, to: Schema.Version(1, 0, 0)),
                    failure: MigrationFailure(MigrationError.notInDidMigrate("bad\u{1B}[31m"))))
                == "unversioned -> 1.0.0: failed: valueBeforeMigration: bad\\u{1b}[31m.")
    }

    @Test func colourNeedsATerminalAndNoNoColor() {
        #expect(TextStyle(enabled: false).red("x") == "x")
        #expect(TextStyle(enabled: true).red("x") == "\u{1B}[31mx\u{1B}[0m")
    }
}
