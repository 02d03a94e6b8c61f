/// What covers the panes: the key help, or a confirmation that must be answered.
public enum Overlay: Sendable, Equatable {
    case help
    case confirm(Confirmation)
}

/// A question that guards writing the real store: it names the path and versions and wants typed consent.
public struct Confirmation: Sendable, Equatable {
    /// What is being confirmed.
    public enum Subject: Sendable, Equatable {
        /// Switching from dry run to apply mode.
        case switchToApply
        /// Running the next stage (or all of them) on the store.
        case apply(all: Bool)
    }

    /// What is being confirmed.
    public var subject: Subject
    /// The lines of the question.
    public var lines: [String]
    /// The word to type.
    public var word: String
    /// What has been typed so far.
    public var typed = ""
}

/// A short message in the line above the status bar.
public struct Message: Sendable, Equatable {
    /// How it is coloured.
    public enum Level: String, Sendable, Equatable { case info, warning, error }
    public var level: Level
    public var text: String
    /// When it disappears (state clock).
    public var until: Double
}
