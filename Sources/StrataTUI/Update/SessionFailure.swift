import Strata

/// What the session's background work failed at, with the error: the reducer words it for the message line.
package enum SessionFailure: Sendable, CustomStringConvertible {
    /// Reading the store's version and entities; `store` names the user's file, or the copy of it.
    case reading(store: String, error: any Error)
    /// Reading a page of an entity's rows.
    case readingRows(entity: String, error: any Error)
    /// Reading a page of an entity's changes since the store's version.
    case readingChanges(entity: String, error: any Error)
    /// Writing an export into `file`.
    case exporting(file: String, error: any Error)
    /// Every name an export could take in `folder` (`name.md`, `name-2.md` … `name-100.md`) is taken.
    case exportNamesTaken(name: String, folder: String)

    /// The message.
    package var description: String {
        switch self {
        case .reading(let store, let error): "Reading \(store): \(error)"
        case .readingRows(let entity, let error): "Reading rows of \(entity): \(error)"
        case .readingChanges(let entity, let error): "Reading the changes of \(entity): \(error)"
        case .exporting(let file, let error): "Exporting to \(file): \(error.localizedDescription)"
        case .exportNamesTaken(let name, let folder):
            "Exporting: \(name).md and 99 numbered names are taken in \(folder)."
        }
    }
}

/// Why a page of rows (or of changes) was not read: the rows shown before it stay.
package enum RowsRefusal: Sendable, CustomStringConvertible {
    /// A filter names a column the entity lacks, or a value the column cannot hold.
    case filter(any Error)
    /// The store refused the read for another reason.
    case store(any Error)
    /// Changes are recorded only in a dry run.
    case changesNeedADryRun
    /// No stage has run on the copy yet, so there are no changes to show.
    case noStageRunYet

    /// The message, with what to do.
    package var description: String {
        switch self {
        case .filter(let error): "\(error). Filters: \(RowFilter.accepted)."
        case .store(let error): "\(error)"
        case .changesNeedADryRun: "Changes are recorded in a dry run: press m for dry-run mode."
        case .noStageRunYet: "No stage has run on the copy yet: n runs the next one, then c shows it."
        }
    }
}
