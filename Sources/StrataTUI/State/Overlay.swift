/// What covers the panes: the key help, or a confirmation that must be answered.
package enum Overlay: Sendable, Equatable {
    /// Every key; the number is how far it is scrolled.
    case help(scroll: Int)
    case confirm(Confirmation)
    /// `q` while a stage runs: cancel it (it rolls back) and quit, or keep it running.
    case quitWhileRunning
    /// A long text (a message, the log, a note, a row) read in full, wrapped and scrollable.
    case text(TextOverlay)
}

/// A text shown whole in an overlay: its title, its paragraphs, and how far it is scrolled.
package struct TextOverlay: Sendable, Equatable {
    /// The box's title.
    package var title: String
    /// The paragraphs, each wrapped to the box.
    package var paragraphs: [String]
    /// The first wrapped line shown.
    package var scroll = 0

    /// A text at its top.
    package init(title: String, paragraphs: [String]) {
        self.title = title
        self.paragraphs = paragraphs
    }
}

/// A question that guards writing the real store: it names the path and versions and wants typed consent.
package struct Confirmation: Sendable, Equatable {
    /// What is being confirmed.
    package enum Subject: Sendable, Equatable {
        /// Switching from dry run to apply mode.
        case switchToApply
        /// Running the next stage (or all of them) on the store.
        case apply(all: Bool)
    }

    /// What is being confirmed.
    package var subject: Subject
    /// The lines of the question.
    package var lines: [String]
    /// The word to type.
    package var word: String
    /// What has been typed so far.
    package var typed = ""
}

/// A short message in the line above the status bar.
package struct Message: Sendable, Equatable {
    /// How it is coloured.
    package enum Level: String, Sendable, Equatable { case info, warning, error }
    package var level: Level
    package var text: String
    /// When it disappears (state clock).
    package var until: Double
}
