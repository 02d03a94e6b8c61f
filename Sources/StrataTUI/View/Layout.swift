/// Where each pane goes for a terminal size: a left column (Versions, Stages, Browser) and a right column (the
/// large pane on top, Progress below), a message line and the status bar.
package struct Layout: Sendable, Equatable {
    /// The smallest size the panes fit in.
    package static let minimumWidth = 60
    package static let minimumHeight = 16

    /// False when the terminal is below the minimum size.
    package let fits: Bool
    package let versions, main, stages, progress, browser: Rect
    /// The row of the message line and of the status bar.
    package let messageRow, statusRow: Int

    /// The layout of a terminal with this many versions and stages to list.
    package init(width: Int, height: Int, versionCount: Int, stageCount: Int) {
        fits = width >= Self.minimumWidth && height >= Self.minimumHeight
        let available = height - 2
        // Proportional: two fifths for the lists, the rest for the diff, rows and progress.
        let left = max(22, width * 2 / 5)
        let versionsHeight = min(max(versionCount + 2, 4), max(4, available / 4 + 1))
        let stagesHeight = min(max(stageCount * 2 + 2, 4), max(4, available / 3))
        versions = Rect(x: 0, y: 0, width: left, height: versionsHeight)
        stages = Rect(x: 0, y: versionsHeight, width: left, height: stagesHeight)
        browser = Rect(
            x: 0, y: versionsHeight + stagesHeight, width: left, height: available - versionsHeight - stagesHeight)
        let mainHeight = available * 3 / 5
        main = Rect(x: left, y: 0, width: width - left, height: mainHeight)
        progress = Rect(x: left, y: mainHeight, width: width - left, height: available - mainHeight)
        messageRow = height - 2
        statusRow = height - 1
    }

    /// The layout for a state.
    package init(_ state: AppState) {
        self.init(
            width: state.width, height: state.height, versionCount: state.versions.count, stageCount: state.stages.count
        )
    }

    /// The rectangle of a pane.
    package func rect(_ pane: Pane) -> Rect {
        switch pane {
        case .versions: versions
        case .diff: main
        case .stages: stages
        case .progress: progress
        case .browser: browser
        }
    }
}
