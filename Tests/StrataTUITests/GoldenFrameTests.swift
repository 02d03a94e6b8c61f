import StrataTUI
import Testing

/// Every screen at 80x24 and 120x40, in colour roles and in monochrome, against the text files in Golden/.
@Suite struct GoldenFrameTests {
    static let sizes = [(80, 24), (120, 40)]

    /// Renders a scenario at both sizes and both themes and checks each frame.
    func check(_ name: String, _ make: (Int, Int, RenderOptions) throws -> AppState) throws {
        for (width, height) in Self.sizes {
            for monochrome in [false, true] {
                let state = try make(width, height, RenderOptions(monochrome: monochrome))
                try GoldenFrame.check(
                    Renderer.render(state), "\(name)-\(width)x\(height)-\(monochrome ? "mono" : "colour")",
                    monochrome: monochrome)
            }
        }
    }

    @Test func versionsAndDiff() throws {
        try check("versions-diff") { try Fixtures.bookshelf(width: $0, height: $1, options: $2) }
    }

    @Test func stagesWithProgressMidRun() throws {
        try check("progress") { try Fixtures.running(width: $0, height: $1, options: $2) }
    }

    @Test func stageDetailWithSQL() throws {
        try check("stage-detail") { width, height, options in
            var state = try Fixtures.bookshelf(width: width, height: height, options: options)
            state.focus = .stages
            _ = Reducer.reduce(&state, .key(.character("j")))
            _ = Reducer.reduce(&state, .key(.enter))
            return state
        }
    }

    @Test func browserRows() throws {
        try check("rows") { try Fixtures.rows(width: $0, height: $1, options: $2) }
    }

    @Test func helpOverlay() throws {
        try check("help") { width, height, options in
            var state = try Fixtures.bookshelf(width: width, height: height, options: options)
            _ = Reducer.reduce(&state, .key(.character("?")))
            return state
        }
    }

    @Test func applyConfirmation() throws {
        try check("confirm-apply") { width, height, options in
            var state = try Fixtures.bookshelf(width: width, height: height, options: options)
            _ = Reducer.reduce(&state, .key(.character("m")))
            _ = Reducer.reduce(&state, .key(.character("a")))
            return state
        }
    }

    @Test func asciiDrawing() throws {
        let state = try Fixtures.running(width: 80, height: 24, options: RenderOptions(ascii: true))
        try GoldenFrame.check(Renderer.render(state), "progress-80x24-ascii", monochrome: false)
    }

    @Test func tooSmall() throws {
        let state = try Fixtures.bookshelf(width: 50, height: 12)
        try GoldenFrame.check(Renderer.render(state), "too-small-50x12", monochrome: false)
    }
}
