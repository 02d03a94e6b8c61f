import Foundation
internal import GRDB

/// Runs one planned stage as one SQLite transaction: `willMigrate`, the structural steps, `didMigrate`, the
/// finishing steps, validation, metadata and history, then commit; any failure rolls the whole stage back.
struct StageRunner {
    let store: StoreConnection
    let container: ModelContainer
    let observer: (MigrationEvent) -> Void
    let cancellation: MigrationCancellation
    /// Rows copied between progress events.
    var chunkSize = 20_000

    /// Runs the stage; returns its report, or throws (the store unchanged).
    func run(_ planned: PlannedStage, index: Int, count: Int, findings: [DataFinding]) throws -> StageReport {
        let started = Date()
        let title = planned.id
        do {
            let (steps, rows) = try store.writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: "PRAGMA legacy_alter_table = ON")
                defer {
                    try? db.execute(sql: "PRAGMA legacy_alter_table = OFF")
                    try? db.execute(sql: "PRAGMA foreign_keys = ON")
                }
                var result: ([MigrationStep], Int) = ([], 0)
                try db.inTransaction(.immediate) {
                    result = try runInTransaction(planned, db: db, index: index, count: count, findings: findings)
                    return .commit
                }
                return result
            }
            let duration = Date().timeIntervalSince(started)
            observer(.stageFinished(stage: title, duration: duration, rows: rows))
            return StageReport(
                stage: title, kind: planned.kind, changes: planned.diff.changes, steps: steps, rows: rows,
                duration: duration, findings: findings, failure: nil)
        } catch {
            let wrapped =
                error is MigrationError || error is StrataError
                ? error : StrataError.wrap(error, store: store.identifier, operation: "stage \(planned.title)")
            observer(.stageFailed(stage: title, failure: MigrationFailure(wrapped)))
            throw wrapped
        }
    }

    private func runInTransaction(
        _ planned: PlannedStage, db: Database, index: Int, count: Int, findings: [DataFinding]
    ) throws -> ([MigrationStep], Int) {
        let title = planned.id
        db.add(function: MappedConversion.sqlFunction)
        let violationsBefore = try foreignKeyViolations(db)
        let plan = planned.structuralPlan
        let steps = plan.steps
        var totals: [String: Int] = [:]
        for step in steps {
            // Counted before the steps run, while each rebuilt table still has its own name (an entity made from
            // another's rows counts those).
            if let copy = step.copy {
                let counted = plan.rowSources[copy.target]?.entity ?? copy.target
                totals[copy.target] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quote(counted))") ?? 0
            }
        }
        // didMigrate is expected to save each row of the entities the stage changes.
        let expectedSaves =
            planned.didMigrate == nil
            ? 0
            : try Set(planned.diff.changes.map(\.entity)).reduce(0) { sum, entity in
                guard planned.diff.sourceEntity(named: entity) != nil, planned.to.entitiesByName[entity] != nil else {
                    return sum
                }
                return sum
                    + (try totals[entity] ?? Int.fetchOne(
                        db, sql: "SELECT count(*) FROM \(quote(planned.diff.sourceTable(of: entity)))") ?? 0)
            }
        let totalRows = totals.values.reduce(0, +) + expectedSaves
        observer(.stageStarted(index: index, count: count, stage: title, totalRows: totalRows))
        for finding in findings where finding.isLoss {
            observer(
                .warning(
                    stage: title, message: "the \(planned.kind.rawValue) stage removes data: \(finding.description)"))
        }
        let unknownDefaults = Self.columnsWithUnknownDefaults(planned.diff)
        for (column, expression) in unknownDefaults.sorted(by: { $0.key.description < $1.key.description }) {
            observer(
                .warning(
                    stage: title,
                    message:
                        "\(column): default not known statically (\(expression)); existing rows are left without a value in this run, where the app's compiled code would fill them"
                ))
        }
        let access = TransactionAccess(db: db, name: store.name)
        var rowsDone = 0
        if let willMigrate = planned.willMigrate {
            try checkCancelled(title)
            observer(.step(stage: title, summary: "willMigrate"))
            let stage = StageContext(
                phase: "willMigrate", version: planned.from.version.label, oldSchema: planned.from,
                cancellation: cancellation, stageID: planned.id)
            try runClosure(willMigrate, planned, schema: planned.from, access: access, stage: stage)
            // The rows willMigrate saved or deleted (duplicates removed before a unique constraint) are the stage's.
            rowsDone += stage.rowsSaved
        }
        for step in steps where step.phase == .structure {
            try checkCancelled(title)
            observer(.step(stage: title, summary: step.summary))
            try execute(step, db: db)
            if let copy = step.copy {
                try copyRows(copy, db: db, title: title, rowsDone: &rowsDone, totalRows: totalRows)
            }
        }
        if let didMigrate = planned.didMigrate {
            try checkCancelled(title)
            observer(.step(stage: title, summary: "didMigrate"))
            let copied = rowsDone
            let stage = StageContext(
                phase: "didMigrate", version: planned.to.version.label, oldSchema: planned.from,
                cancellation: cancellation, stageID: planned.id, oldRows: try OldRows.all(for: plan, db: db),
                onStep: { summary in observer(.step(stage: title, summary: summary)) },
                onSave: { saved in
                    observer(
                        .progress(stage: title, rowsDone: copied + saved, totalRows: max(totalRows, copied + saved)))
                })
            try runClosure(didMigrate, planned, schema: planned.to, access: access, stage: stage)
            rowsDone += stage.rowsSaved
            for table in stage.tablesKeptAside { try db.execute(sql: "DROP TABLE \(quote(table))") }
        }
        for step in steps where step.phase == .finish {
            try checkCancelled(title)
            observer(.step(stage: title, summary: step.summary))
            do {
                try execute(step, db: db)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw MigrationError.validationFailed(
                    stage: planned.id,
                    problems: try duplicateFindings(planned.to, db: db).map(\.description) + [
                        "a unique constraint cannot be created while duplicates remain: remove them in willMigrate or didMigrate of a custom stage"
                    ])
            }
        }
        observer(.step(stage: title, summary: "validate"))
        // The columns a change can leave empty, and in a custom stage every required to-one relationship too (its
        // closures' saves refuse a required attribute without a value, but write what a relationship holds).
        var checked = Self.columnsLightweightChangesCanEmpty(planned.diff)
        if planned.kind == .custom { checked.formUnion(Self.requiredToOneColumns(planned.to)) }
        checked.subtract(unknownDefaults.keys)
        try validate(planned.to, db: db, title: title, violationsBefore: violationsBefore, only: checked)
        if planned.willMigrate == nil, planned.didMigrate == nil {
            rowsDone += try rowsChangedInPlace(planned, copied: Set(totals.keys), db: db)
        }
        try StoreMetadata.write(planned.to, to: db)
        try MigrationHistory.record(planned, rows: rowsDone, db: db)
        return (steps, rowsDone)
    }

    /// The rows of the entities a stage without closures changed in place (`ALTER TABLE … RENAME COLUMN` or
    /// `ADD COLUMN`, no copy): each of their rows took the change, so a rename over 200,000 rows counts 200,000,
    /// not the 0 rows it copied (issue 44, item 9).
    private func rowsChangedInPlace(_ planned: PlannedStage, copied: Set<String>, db: Database) throws -> Int {
        try Set(planned.diff.changes.map(\.entity)).subtracting(copied).sorted().reduce(0) { sum, entity in
            guard planned.to.entitiesByName[entity] != nil, try db.tableExists(entity) else { return sum }
            return sum + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quote(entity))") ?? 0)
        }
    }

    private func runClosure(
        _ closure: (ModelContext) throws -> Void, _ planned: PlannedStage, schema: Schema, access: TransactionAccess,
        stage: StageContext
    ) throws {
        let name = stage.phase
        let context = ModelContext(container: container, schema: schema, access: access)
        context.stage = stage
        do {
            try StageOutput.capturing(
                to: { observer(.output(stage: planned.id, line: $0)) }, run: { try closure(context) })
            // A closure that swallowed the cancel error still stops here.
            try stage.checkCancelled()
            // SwiftData loses what a closure forgot to save (a documented pitfall); Strata saves it.
            if context.hasChanges { try context.save() }
        } catch let error as MigrationError {
            throw error
        } catch {
            throw MigrationError.stageClosureFailed(stage: planned.id, closure: name, message: "\(error)")
        }
    }

    private func execute(_ step: MigrationStep, db: Database) throws {
        for (sql, arguments) in zip(step.statements, step.arguments) {
            try db.execute(sql: sql, arguments: StatementArguments(arguments))
        }
    }

    private func copyRows(_ copy: RowCopy, db: Database, title: StageID, rowsDone: inout Int, totalRows: Int) throws {
        let pk = quote(StoreLayout.primaryKey)
        let insert = try db.makeStatement(sql: copy.sqlTemplate)
        let boundary = try db.makeStatement(
            sql:
                "SELECT \(pk) FROM \(quote(copy.source)) WHERE \(pk) > ? ORDER BY \(pk) LIMIT 1 OFFSET \(max(chunkSize - 1, 0))"
        )
        var last = Int64.min
        while true {
            try checkCancelled(title)
            let upper = try Int64.fetchOne(boundary, arguments: [last]) ?? Int64.max
            try insert.execute(
                arguments: StatementArguments(copy.arguments + [last.databaseValue, upper.databaseValue]))
            rowsDone += db.changesCount
            observer(.progress(stage: title, rowsDone: rowsDone, totalRows: totalRows))
            if upper == Int64.max { break }
            last = upper
        }
    }

    private func checkCancelled(_ title: StageID) throws {
        if cancellation.isCancelled { throw MigrationError.cancelled(stage: title) }
    }

    /// The (entity, column) pairs a lightweight change can leave without a value: added, retyped or newly required
    /// attributes, and added or redirected to-one relationships. Renames, index changes and copies keep values.
    static func columnsLightweightChangesCanEmpty(_ diff: SchemaDiff) -> Set<ColumnName> {
        Set(
            diff.changes.compactMap { change -> ColumnName? in
                switch change {
                case .attributeAdded, .attributeTypeChanged, .attributeOptionalityChanged(_, _, isOptional: false),
                    .relationshipAdded, .relationshipCardinalityChanged, .relationshipDestinationChanged:
                    change.property.map { ColumnName(entity: change.entity, column: $0) }
                default: nil
                }
            })
    }

    /// The added or newly required attributes whose default only the app's code can evaluate (a schema read from
    /// sources), with the default as written: their rows stay empty, which is not the stage's failure.
    static func columnsWithUnknownDefaults(_ diff: SchemaDiff) -> [ColumnName: String] {
        var found: [ColumnName: String] = [:]
        for change in diff.changes {
            switch change {
            case .attributeAdded(let entity, let attribute),
                .attributeOptionalityChanged(let entity, let attribute, false):
                if case .unknown(let expression) = diff.to.storedDefault(entity, attribute.name) {
                    found[ColumnName(entity: entity, column: attribute.name)] = expression
                }
            default: continue
            }
        }
        return found
    }

    /// The (entity, column) pairs of the required to-one relationships of `schema`.
    static func requiredToOneColumns(_ schema: Schema) -> Set<ColumnName> {
        Set(
            schema.entities.flatMap { entity in
                entity.relationships.filter { !$0.isToMany && !$0.isOptional }.map {
                    ColumnName(entity: entity.name, column: $0.name)
                }
            })
    }

    /// A column of an entity's table.
    struct ColumnName: Hashable, CustomStringConvertible {
        let entity: String
        let column: String

        /// "Entity.column".
        var description: String { "\(entity).\(column)" }
    }

    /// Required attributes and to-one relationships hold values (those in `only`); no new foreign-key violations.
    private func validate(_ schema: Schema, db: Database, title: StageID, violationsBefore: Int, only: Set<ColumnName>)
        throws
    {
        var problems: [String] = []
        for entity in schema.entities {
            let table = quote(entity.name)
            let required =
                (entity.attributes.filter { !$0.isOptional }.map(\.name)
                + entity.relationships.filter { !$0.isToMany && !$0.isOptional }.map(\.name))
                .filter { only.contains(ColumnName(entity: entity.name, column: $0)) }
            guard !required.isEmpty else { continue }
            // One pass over the table counts the empty values of every required column.
            let counts = try Row.fetchOne(
                db,
                sql:
                    "SELECT \(required.map { "count(*) FILTER (WHERE \(quote($0)) IS NULL)" }.joined(separator: ", ")) FROM \(table)"
            )
            for (offset, column) in required.enumerated() {
                let condition = "\(quote(column)) IS NULL"
                let count: Int = counts?[offset] ?? 0
                guard count > 0 else { continue }
                let samples = try Int64.fetchAll(
                    db,
                    sql:
                        "SELECT \(quote(StoreLayout.primaryKey)) FROM \(table) WHERE \(condition) ORDER BY 1 LIMIT \(DataFinding.sampleLimit)"
                )
                problems.append(
                    "\(entity.name).\(column) is required but \(count) row\(count == 1 ? " has" : "s have") no value (e.g. \(samples.map { "\(entity.name)/\($0)" }.joined(separator: ", "))); give it a default or fill it in didMigrate"
                )
            }
        }
        let violations = try foreignKeyViolations(db)
        if violations > violationsBefore {
            problems.append(
                "\(violations - violationsBefore) rows reference rows that do not exist (PRAGMA foreign_key_check)")
        }
        guard problems.isEmpty else {
            throw MigrationError.validationFailed(stage: title, problems: problems)
        }
    }

    private func duplicateFindings(_ schema: Schema, db: Database) throws -> [DataFinding] {
        try schema.entities.flatMap { entity in
            try entity.uniqueKeys.compactMap { key in
                try DataFinding.duplicateGroups(
                    entity.name, table: entity.name,
                    key.compactMap { name in entity.attribute(named: name).map { ($0, name) } }, in: db)
            }
        }
    }

    private func foreignKeyViolations(_ db: Database) throws -> Int {
        try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count
    }
}
