import Foundation
internal import GRDB

extension ModelContainer {
    /// Erases the store (SwiftData's `erase()`, iOS 18): its file, -wal and -shm are removed and a new, empty
    /// store takes their place at the same version, which the container and its contexts go on using; an
    /// in-memory store is emptied.
    ///
    /// Primary keys are still never reused: rows saved afterwards get keys above every erased one, so no object or
    /// identifier from before the erase denotes them; the new store is made with its key counters beside the old one
    /// and renamed over it, so a crash leaves one or the other, whole. Objects that contexts hold from before are of rows that no
    /// longer exist; fetch again. Nothing may use the container's contexts while it erases. A configuration that
    /// refuses saves (`allowsSave: false`) is refused, and the store left as it is.
    public func erase() throws {
        guard store.allowsSave else { throw StrataError.readOnly(store: store.identifier) }
        let entities = schema.entities.map(\.name)
        let highestKeys = try store.read("reading the store's keys") { db in
            try entities.map { try ($0, KeyAllocator.highestKey(of: $0, db)) }
        }
        let preparer = StorePreparer(identifier: store.identifier, schema: schema, migrationPlan: migrationPlan)
        guard case .create(let target) = try preparer.decide(.missing) else { return }
        // The new store is made whole (tables, version, the key counters) before it replaces the old one, so a crash
        // never leaves a store whose keys would start again from 1.
        try store.replaceWithEmptyStore { db in
            try StorePreparer.create(target, in: db)
            for (entity, key) in highestKeys where key > 0 { try KeyAllocator.record(highestKey: key, of: entity, db) }
        }
    }
}
