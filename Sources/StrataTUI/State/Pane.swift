/// The five panes, numbered in reading order as the keys 1..5 select them: the left column (Versions, Stages,
/// Browser) top to bottom, then the right (the large pane, Progress).
package enum Pane: Int, CaseIterable, Sendable {
    case versions = 1, stages, browser, diff, progress

    /// The pane's name in its title.
    package var name: String {
        switch self {
        case .versions: "Versions"
        case .diff: "Diff"
        case .stages: "Stages"
        case .progress: "Progress"
        case .browser: "Browser"
        }
    }

    /// The next pane in Tab order (wrapping).
    package var next: Pane { Pane(rawValue: rawValue % 5 + 1) ?? .versions }

    /// The previous pane in Tab order (wrapping).
    package var previous: Pane { Pane(rawValue: (rawValue + 3) % 5 + 1) ?? .versions }
}

/// Whether `n` and `r` work on a private copy or on the store itself.
package enum RunMode: Sendable, Equatable {
    /// On a private copy: the store's files are never written.
    case dryRun
    /// On the store: each run asks for confirmation first.
    case apply
    /// A SwiftData or Core Data store: browsed and diffed, never migrated or written.
    case readOnly

    /// "DRY RUN", "APPLY" or "READ ONLY".
    package var label: String {
        switch self {
        case .dryRun: "DRY RUN"
        case .apply: "APPLY"
        case .readOnly: "READ ONLY"
        }
    }
}

/// What the large pane (2) shows: the diff of two versions, one stage's changes and SQL, or rows of an entity.
package enum MainView: Sendable, Equatable {
    case diff
    case stage(Int)
    case rows
}
