internal import GRDB

extension PersistentModel {
    /// In `didMigrate`: the value `attribute` (its name in the previous version) had before this stage; nil for
    /// an object inserted during the stage.
    ///
    /// Splitting, merging and type changes read the old value here instead of stashing it in `willMigrate`:
    /// ```swift
    /// didMigrate: { context in
    ///     for book in try context.fetch(FetchDescriptor<BookSchemaV3.Book>()) {
    ///         let author: String = try book.valueBeforeMigration("author") ?? ""
    ///         book.firstName = String(author.split(separator: " ").first ?? "")
    ///     }
    /// }
    /// ```
    ///
    /// Inlined into the caller's module, so that the cast to `Value` is specialised for the type asked for.
    @inlinable
    public func valueBeforeMigration<Value>(_ attribute: String, as type: Value.Type = Value.self) throws -> Value? {
        guard let stored = try _valueBeforeMigration(attribute) else { return nil }
        return ExactCast.cast(stored, to: Value.self)
    }

    /// The stored value `valueBeforeMigration` casts, decoded with the old version's type.
    @usableFromInline
    func _valueBeforeMigration(_ attribute: String) throws -> Any? {
        let backing = _strataBackingData
        guard let key = backing.primaryKey, let entity = backing.mapping?.name,
            let value = try backing.withContext({
                try $0.valueBeforeMigration(entity: entity, primaryKey: key, attribute: attribute)
            })
        else { throw MigrationError.notInDidMigrate("the model is not saved in a migration stage's context") }
        return value
    }
}

extension ModelContext {
    /// The stored value of an attribute before the running stage, decoded with the old version's type (nil when
    /// the row did not exist then).
    func valueBeforeMigration(entity: String, primaryKey: Int64, attribute: String) throws -> Any? {
        guard let stage, stage.phase == "didMigrate" else {
            throw MigrationError.notInDidMigrate(
                "valueBeforeMigration reads the rows from before a stage; call it in didMigrate")
        }
        guard let column = stage.oldColumn(entity: entity, attribute: attribute) else {
            throw MigrationError.notInDidMigrate("\(entity) had no attribute '\(attribute)' before this stage")
        }
        guard
            let stored = try store.read(
                "reading \(entity).\(attribute) from before the stage",
                { db in
                    try column.value(key: primaryKey, db: db)
                })
        else { return nil }
        if let mapping = column.mapping {
            return mapping.unwrapped(try mapping.decode(stored, entity: entity))
        }
        return stored.storage.value
    }
}

extension DatabaseValue.Storage {
    /// The stored value as a plain Swift value (nil, Int64, Double, String or Data).
    var value: Any? {
        switch self {
        case .null: nil
        case .int64(let value): value
        case .double(let value): value
        case .string(let value): value
        case .blob(let value): value
        }
    }
}
