internal import GRDB

/// What a context knows while it runs a stage's closure: which closure, which version, and where the rows
/// from before the stage are kept for `valueBeforeMigration`. A class: it is read for every row a closure
/// touches, and copying a struct holding a schema would retain each of its parts every time.
final class StageContext {
    /// "willMigrate" or "didMigrate".
    let phase: String
    /// The version whose models the closure works on.
    let version: String
    /// The schema before the stage (with model types when it comes from the plan).
    let oldSchema: Schema
    /// The running migration's cancel flag: fetches, saves and enumerations of the closure check it.
    private let cancellation: MigrationCancellation
    /// Which stage, for the error a cancel throws.
    private let stageID: StageID
    /// Where each entity's rows from before the stage are, by entity name (empty in willMigrate).
    @exclusivity(unchecked) private var oldRows: [String: OldRows]
    /// The tables the closure's saves made to keep old rows they were about to overwrite; dropped after it.
    private(set) var tablesKeptAside: [String] = []
    /// Tells the stage's observer about a step a save caused.
    private let onStep: (String) -> Void
    /// Tells the stage's observer how many rows the closure's saves have written so far.
    private let onSave: (Int) -> Void
    /// The rows the closure's saves have written (inserted, changed and deleted objects).
    @exclusivity(unchecked) private(set) var rowsSaved = 0
    /// The most recently used old column: a loop over every row asks for the same one each time.
    @exclusivity(unchecked) private var lastSource: OldColumn?
    /// Every old column read so far.
    @exclusivity(unchecked) private var sources: [OldColumn] = []

    /// The context of one closure of a stage.
    init(
        phase: String, version: String, oldSchema: Schema, cancellation: MigrationCancellation, stageID: StageID,
        oldRows: [String: OldRows] = [:],
        onStep: @escaping (String) -> Void = { _ in }, onSave: @escaping (Int) -> Void = { _ in }
    ) {
        self.phase = phase
        self.version = version
        self.oldSchema = oldSchema
        self.cancellation = cancellation
        self.stageID = stageID
        self.oldRows = oldRows
        self.onStep = onStep
        self.onSave = onSave
    }

    /// Throws `MigrationError.cancelled` once the migration was asked to stop, so user code stops at its next
    /// fetch, save or batch and the stage rolls back.
    func checkCancelled() throws {
        if cancellation.isCancelled { throw MigrationError.cancelled(stage: stageID) }
    }

    /// Counts the rows a save of the closure wrote.
    func didSave(rows: Int) {
        rowsSaved += rows
        onSave(rowsSaved)
    }

    /// Where an entity's attribute from before the stage is kept, or nil when the entity had no such attribute.
    func oldColumn(entity: String, attribute: String) -> OldColumn? {
        if let last = lastSource, last.entity == entity, last.attribute == attribute { return last }
        let found =
            sources.first { $0.entity == entity && $0.attribute == attribute }
            ?? {
                guard let rows = oldRows[entity], let column = rows.columns[attribute] else { return nil }
                let source = OldColumn(
                    entity: entity, attribute: attribute, table: rows.table, column: column, lastKey: rows.lastKey,
                    mapping: oldSchema.mappings[entity]?.attribute(named: attribute))
                sources.append(source)
                return source
            }()
        lastSource = found
        return found
    }

    /// The old columns asked for so far that a fetch of `entity`'s rows can read along (see `OldColumn.feed`).
    func columnsToFeed(entity: String) -> [OldColumn] {
        sources.filter { $0.entity == entity && $0.isInEntityTable }
    }

    /// Before a save writes over values from before the stage that are only in their entity's own table (a
    /// retained attribute changed, or an insert that may land on an old row), copies that entity's old rows
    /// aside. Deletes need no copy: a deleted object leaves its context, so no one can ask for its old values.
    func keepOldValues(inserted: [any PersistentModel], changed: [any PersistentModel], store: any StoreAccess) throws {
        guard oldRows.values.contains(where: \.isLive) else { return }
        var overwritten: Set<String> = []
        func scan(_ models: [any PersistentModel], _ overwrites: (OldRows, BackingData) -> Bool) {
            // Saves hold many objects of few entities: the entity's old rows are looked up when it changes.
            var last: (mapping: EntityMapping, rows: OldRows?)?
            for model in models {
                let backing = model._strataBackingData
                guard let mapping = backing.mapping else { continue }
                if last?.mapping !== mapping {
                    last = (
                        mapping,
                        overwritten.contains(mapping.name)
                            ? nil : oldRows[mapping.name].flatMap { $0.isLive ? $0 : nil }
                    )
                }
                guard let rows = last?.rows, overwrites(rows, backing) else { continue }
                overwritten.insert(mapping.name)
                last = (mapping, nil)
            }
        }
        scan(inserted) { rows, _ in rows.insertsCanUpsert }
        scan(changed) { rows, backing in rows.isOverwritten(by: backing) }
        for entity in overwritten.sorted() {
            let aside = StructuralPlan.oldPrefix + entity
            try store.write("keeping the rows of \(entity) from before the stage") { db in
                try oldRows[entity]?.moveAside(to: aside, db: db)
            }
            tablesKeptAside.append(aside)
            for source in sources where source.entity == entity {
                source.relocate(table: aside, column: source.attribute)
            }
            onStep("keep the rows of \(entity) from before the stage for valueBeforeMigration")
        }
    }
}
