import Foundation

/// The expected rows of one keyed model in plain values, from SwiftData's documented upsert: inserting a model
/// whose unique value a row holds (or an earlier insert of the same save holds) updates that row with the new
/// model's values; deletes of a save free their values before its inserts; nil keys never conflict.
struct KeyedReference<Key: UniqueIdentity> {
    /// A row, or an unsaved insert.
    struct Row {
        var key: Key
        var serial: Int
        var note: String
    }

    /// The rows the store holds, in the order they were created.
    private(set) var saved: [Row] = []
    /// Unsaved inserts, in order.
    private var inserts: [Row] = []
    /// Unsaved note changes of saved rows, by serial.
    private var notes: [Int: String] = [:]
    /// Saved rows deleted and not saved yet, by serial.
    private(set) var deletions: Set<Int> = []

    /// What the context shows: saved rows not deleted, with their changes, then each unsaved insert.
    var visible: [Row] {
        saved.filter { !deletions.contains($0.serial) }.map { row in
            var row = row
            row.note = notes[row.serial] ?? row.note
            return row
        } + inserts
    }

    /// Records an insert.
    mutating func insert(_ key: Key, serial: Int, note: String) {
        inserts.append(Row(key: key, serial: serial, note: note))
    }

    /// Changes the note of a visible row or insert.
    mutating func renote(_ serial: Int, _ note: String) {
        if let index = inserts.firstIndex(where: { $0.serial == serial }) {
            inserts[index].note = note
        } else {
            notes[serial] = note
        }
    }

    /// Marks a saved row deleted.
    mutating func delete(_ serial: Int) { deletions.insert(serial) }

    /// Saves: deletes, then changes, then each insert either upserts into the row holding its key or adds a row.
    mutating func save() {
        var rows = visible.dropLast(inserts.count).map { $0 }
        for insert in inserts {
            if let identity = insert.key.uniqueIdentity,
                let index = rows.firstIndex(where: { $0.key.uniqueIdentity == identity })
            {
                rows[index] = insert
            } else {
                rows.append(insert)
            }
        }
        saved = rows
        rollback()
    }

    /// Forgets unsaved inserts, changes and deletes.
    mutating func rollback() {
        inserts = []
        notes = [:]
        deletions = []
    }
}
