import CNCurses
import Foundation
import StrataTUI
import StrataText
import Testing

@testable import StrataTerminal

extension NCursesScreenSuites {
    /// The ncurses layer on a real ncurses screen written to /dev/null: what it draws is read back from ncurses.
    @Suite struct HeadlessTerminalTests {
        /// Runs `body` with /dev/null as the terminal's output and input, closed afterwards.
        private func withDevNull(_ body: (UnsafeMutablePointer<FILE>, UnsafeMutablePointer<FILE>) throws -> Void) throws
        {
            let output = try #require(fopen("/dev/null", "w"))
            let input = try #require(fopen("/dev/null", "r"))
            defer {
                fclose(output)
                fclose(input)
            }
            try body(output, input)
        }

        /// Runs `body` with a colour xterm screen of `columns` x `rows` on /dev/null, closed afterwards.
        private func withTerminal(columns: Int32, rows: Int32, _ body: (NCursesTerminal) throws -> Void) throws {
            try withDevNull { output, input in
                let terminal = try NCursesTerminal(
                    monochrome: false, term: "xterm-256color", output: output, input: input)
                defer { terminal.close() }
                resizeterm(rows, columns)
                try body(terminal)
            }
        }

        @Test func drawsFramesThatReadBackFromNCurses() throws {
            try withTerminal(columns: 120, rows: 40) { terminal in
                #expect(terminal.size() == (120, 40))
                let frame = Renderer.render(try Fixtures.rows(width: 120, height: 40))
                terminal.draw(frame)
                let expected = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for row in [0, 3, 5, 38, 39] {
                    #expect(readRow(row, width: 120) == expected[row], "row \(row)")
                }
                #expect(strata_attributes_at(39, 0) & strata_attr_reverse() != 0, "the status bar is reversed")
                #expect(terminal.nextInput(timeout: 0, wakeup: Wakeup()) == .resize, "resizeterm queues a resize")
                #expect(terminal.nextInput(timeout: 0, wakeup: Wakeup()) == nil, "no input on /dev/null")
            }
        }

        @Test func clustersKeepTheColumnsAfterThem() throws {
            try withTerminal(columns: 80, rows: 24) { terminal in
                var frame = Frame(width: 80, height: 24)
                // A ZWJ sequence, a skin tone, a combining mark and a flag, each followed by a bar.
                frame.put("👩‍💻|👍🏽|e\u{301}|🇯🇵|x", x: 0, y: 0)
                terminal.draw(frame)
                for (column, expected) in [
                    (0, "👩"), (2, "|"), (3, "👍"), (5, "|"), (6, "e"), (7, "|"), (10, "|"), (11, "x"),
                ] {
                    var character: wchar_t = 0
                    #expect(strata_char_at(0, Int32(column), &character) == OK)
                    #expect(
                        Unicode.Scalar(UInt32(bitPattern: character)).map(String.init) == expected, "column \(column)")
                }
            }
        }

        @Test func unknownTerminalGivesAMessageInsteadOfExiting() throws {
            try withDevNull { output, input in
                #expect(throws: NCursesTerminal.OpenError.self) {
                    try NCursesTerminal(monochrome: true, term: "no-such-terminal-strata", output: output, input: input)
                }
            }
        }

        @Test func keysMapToTheUIsKeys() {
            #expect(NCursesTerminal.characterKey(3) == .interrupt)
            #expect(NCursesTerminal.characterKey(27) == .escape)
            #expect(NCursesTerminal.characterKey(106) == .character("j"))
            #expect(NCursesTerminal.functionKey(strata_key_back_tab()) == .key(.backTab))
            #expect(NCursesTerminal.functionKey(strata_key_resize()) == .resize)
        }

        /// The characters ncurses holds for a row, trailing spaces removed (wide characters once).
        private func readRow(_ row: Int, width: Int) -> String {
            var text = ""
            var column = 0
            while column < width {
                var character: wchar_t = 0
                if strata_char_at(Int32(row), Int32(column), &character) == OK,
                    let scalar = Unicode.Scalar(UInt32(bitPattern: character))
                {
                    text.unicodeScalars.append(scalar)
                    column += CharacterWidth.of(scalar) == 2 ? 2 : 1
                } else {
                    column += 1
                }
            }
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
    }
}
