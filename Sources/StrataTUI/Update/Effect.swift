import Strata

/// Work the reducer asks for; the session performs it off the UI thread and answers with actions.
package enum Effect: Sendable, Equatable {
    /// Run the next stage (or all remaining) in the current mode.
    case run(all: Bool)
    /// Cancel the running stage (it rolls back).
    case cancel
    /// Switch mode: re-plan from the store itself (apply) or from a fresh private copy (dry run).
    case switchMode(RunMode)
    /// Read a page of rows of the browsed store.
    case loadRows(entity: String, offset: Int, limit: Int, filter: [RowFilter])
    /// Read a page of an entity's rows as changes since the store's version (of `kind`; all when nil).
    case loadChanges(entity: String, kind: RowChangeKind?, offset: Int, limit: Int)
    /// Compute data counts for the diff between two versions (indexes into the state's schemas).
    case loadFindings(from: Int, to: Int)
    /// Put text on the terminal's clipboard (OSC 52: it reaches the local clipboard over SSH and through tmux).
    case copy(String)
    /// Write an export (`e`) into a new file in the current folder whose name starts with `name`, as Markdown.
    case export(name: String, markdown: String)
    /// Stop the program (after cancelling any running stage).
    case quit
}
