internal import GRDB

#if canImport(GRDBSQLite)
    import GRDBSQLite
#else
    import SQLite3
#endif

/// The SQL steps that give a store the shape of the stage's target schema.
///
/// Entities whose changes SQLite can make in place (renames, added columns, dropped plain columns, index
/// changes) use `ALTER TABLE`; the others are rebuilt: indexes dropped, the old table renamed aside (with
/// `legacy_alter_table` so other tables' references keep naming it), the new table created and filled in
/// key order, the old copy dropped after `didMigrate` (which can read it through `valueBeforeMigration`).
///
/// An entity renamed through `originalName` has its table renamed first (`legacy_alter_table` off for that statement,
/// so the foreign keys of other tables and join tables follow it), its key counter in the metadata with it; its
/// indexes and the join tables named after it are then made again under the new name, and its other changes follow
/// as for any entity.
///
/// In a custom stage, columns of removed attributes are dropped only after `didMigrate`, so it can still read
/// them in place; an entity whose change would overwrite values before `didMigrate` (a default filled into a
/// newly required attribute) or whose removed column's name the new version reuses is rebuilt instead.
struct StructuralPlan {
    let from: Schema
    let to: Schema
    let diff: SchemaDiff
    /// True for a custom stage: `didMigrate` runs between the structure and finish phases.
    let isCustom: Bool
    let supportsDropColumn: Bool
    /// Values the plan gives attributes, by entity then attribute (`PlannedStage.mappedValues`): such an entity is
    /// rebuilt, and each named attribute filled from its source instead of by the diff's rules.
    var mappedValues: [String: [String: MappedValue]] = [:]
    /// Entities the stage makes from another entity's rows (`PlannedStage.rowSources`): by entity made, the rows
    /// each of which makes one row, under the same key.
    var rowSources: [String: RowSource] = [:]

    /// True when the linked SQLite has `ALTER TABLE DROP COLUMN` (3.35 and later).
    static var sqliteSupportsDropColumn: Bool { sqlite3_libversion_number() >= 3_035_000 }

    /// The prefix of the table that keeps an entity's rows from before the stage.
    static let oldPrefix = "_strata_old_"
    /// The prefix of the table that holds, per row of an entity, the mapped values the row copy cannot read directly
    /// (key paths, conversions), computed before any table changes.
    static let mappedPrefix = "_strata_mapped_"

    /// The entities rebuilt (their old rows stay in `_strata_old_NAME` until the finish phase).
    var rebuiltEntities: [String] {
        to.entities.map(\.name).filter { name in
            diff.sourceEntity(named: name) != nil && isTouched(name) && !isNative(name)
        }
    }

    /// Every step, structure phase first.
    var steps: [MigrationStep] {
        let oldLayout = StoreLayout(schema: from)
        let newLayout = StoreLayout(schema: to)
        var structure: [MigrationStep] = []
        var finish: [MigrationStep] = []
        // Values read through key paths or converted are computed first, while every table holds its rows as before
        // the stage, under its old name.
        for (table, snapshot) in mappedSnapshots() + mappedLinkSnapshots() {
            structure.append(snapshot)
            finish.append(
                MigrationStep(
                    "drop the \(snapshot.summary.dropFirst("compute the ".count))", phase: .finish,
                    statements: ["DROP TABLE \(quote(table))"]))
        }
        for case .entityRemoved(let entity) in diff.changes {
            structure.append(MigrationStep("drop \(entity.name)", statements: ["DROP TABLE \(quote(entity.name))"]))
        }
        structure += renameSteps()
        for entity in to.entities {
            let oldIndexes = diff.sourceEntity(named: entity.name).map(oldLayout.indexes(for:)) ?? []
            let newIndexes = newLayout.indexes(for: entity)
            guard let old = diff.sourceEntity(named: entity.name) else {
                structure.append(
                    MigrationStep("create \(entity.name)", statements: [newLayout.createTableStatement(for: entity)]))
                if let made = madeRowsStep(entity) { structure.append(made) }
                if !newIndexes.isEmpty {
                    finish.append(
                        MigrationStep("index \(entity.name)", phase: .finish, statements: newIndexes.map(\.create)))
                }
                continue
            }
            guard isTouched(entity.name) else { continue }
            let native = isNative(entity.name)
            let kept = native ? Set(oldIndexes).intersection(newIndexes) : []
            let drops = oldIndexes.filter { !kept.contains($0) }.map(\.drop)
            if !drops.isEmpty {
                structure.append(MigrationStep("drop changed indexes of \(entity.name)", statements: drops))
            }
            structure += native ? nativeSteps(old, entity) : rebuildSteps(old, entity, layout: newLayout)
            let removed = native && isCustom ? removedColumns(of: entity.name) : []
            if !removed.isEmpty {
                finish.append(
                    MigrationStep(
                        "drop \(removed.joined(separator: ", ")) from \(entity.name) (kept for didMigrate)",
                        phase: .finish,
                        statements: removed.map { dropColumn($0, of: entity.name) }))
            }
            if !native {
                finish.append(
                    MigrationStep(
                        "drop the old copy of \(entity.name)", phase: .finish,
                        statements: ["DROP TABLE \(quote(Self.oldPrefix + entity.name))"]))
            }
            let creates = newIndexes.filter { !kept.contains($0) }
            if !creates.isEmpty {
                finish.append(MigrationStep("index \(entity.name)", phase: .finish, statements: creates.map(\.create)))
            }
        }
        structure += joinTableSteps(oldLayout: oldLayout, newLayout: newLayout)
        return structure + finish
    }

    private func changes(of entity: String) -> [SchemaChange] { diff.changes.filter { $0.entity == entity } }

    /// True when the stage changes the entity: a change of the diff, or values the plan maps into it.
    private func isTouched(_ entity: String) -> Bool {
        !changes(of: entity).isEmpty || mappedValues[entity]?.isEmpty == false
    }

    /// Renames the table of each entity renamed through `originalName`, and its key counter (the larger one kept,
    /// should an earlier entity of the new name have left one). `legacy_alter_table`,
    /// on for the rest of the stage, is off for the rename so that SQLite rewrites the references of other tables
    /// (their foreign keys, the join tables) to the new name.
    private func renameSteps() -> [MigrationStep] {
        let meta = quote(StoreLayout.metadataTable)
        return to.entities.compactMap { entity in
            guard let old = diff.renamedEntities[entity.name] else { return nil }
            return MigrationStep(
                "rename \(old) to \(entity.name)",
                statements: [
                    "PRAGMA legacy_alter_table = OFF",
                    "ALTER TABLE \(quote(old)) RENAME TO \(quote(entity.name))",
                    "PRAGMA legacy_alter_table = ON",
                    "INSERT INTO \(meta) (\"key\", \"value\") SELECT ?, \"value\" FROM \(meta) WHERE \"key\" = ? ON CONFLICT(\"key\") DO UPDATE SET \"value\" = CAST(max(CAST(\"value\" AS INTEGER), CAST(excluded.\"value\" AS INTEGER)) AS TEXT)",
                    "DELETE FROM \(meta) WHERE \"key\" = ?",
                ],
                arguments: [
                    [], [], [],
                    [KeyAllocator.metadataKey(entity.name).databaseValue, KeyAllocator.metadataKey(old).databaseValue],
                    [KeyAllocator.metadataKey(old).databaseValue],
                ])
        }
    }

    private func dropColumn(_ column: String, of entity: String) -> String {
        "ALTER TABLE \(quote(entity)) DROP COLUMN \(quote(column))"
    }

    /// The columns of the entity's removed attributes.
    private func removedColumns(of entity: String) -> [String] {
        changes(of: entity).compactMap { change in
            if case .attributeRemoved(_, let attribute) = change { attribute.name } else { nil }
        }
    }

    /// True when every change of the entity can be made with ALTER TABLE in place.
    func isNative(_ entity: String) -> Bool {
        if mappedValues[entity]?.isEmpty == false { return false }
        if isCustom, let new = to.entitiesByName[entity] {
            // A removed column stays until didMigrate has run, so the new version cannot reuse its name before then.
            let columns = Set(new.attributes.map(\.name) + new.relationships.map(\.name))
            if removedColumns(of: entity).contains(where: columns.contains) { return false }
        }
        return changes(of: entity).allSatisfy { change in
            switch change {
            case .attributeOptionalityChanged(_, let attribute, false) where isCustom:
                // The default would be filled in before didMigrate, hiding the values from before the stage.
                return defaultValue(entity, attribute) == nil
            case .entityRenamed, .attributeRenamed, .attributeAdded, .uniqueAdded, .uniqueRemoved, .uniquenessAdded,
                .uniquenessRemoved,
                .indexAdded, .indexRemoved, .defaultChanged, .deleteRuleChanged, .attributeOptionalityChanged:
                return true
            case .attributeRemoved(_, let attribute):
                // SQLite refuses to drop a column an index covers.
                let indexed =
                    from.entitiesByName[entity].map { old in
                        (old.uniquenessConstraints + old.indexes).joined().contains(attribute.name)
                    } ?? false
                return supportsDropColumn && !attribute.isUnique && !indexed
            case .relationshipAdded(_, let relationship), .relationshipRemoved(_, let relationship):
                return relationship.isToMany
            case .relationshipRenamed:
                return true
            default:
                return false
            }
        }
    }

    private func nativeSteps(_ old: Schema.Entity, _ new: Schema.Entity) -> [MigrationStep] {
        let table = quote(new.name)
        var statements: [String] = []
        var arguments: [[DatabaseValue]] = []
        func add(_ sql: String, _ values: [DatabaseValue] = []) {
            statements.append(sql)
            arguments.append(values)
        }
        for change in changes(of: new.name) {
            switch change {
            case .attributeRenamed(_, let from, let attribute):
                add("ALTER TABLE \(table) RENAME COLUMN \(quote(from)) TO \(quote(attribute.name))")
            case .relationshipRenamed(_, let from, let relationship) where !relationship.isToMany:
                add("ALTER TABLE \(table) RENAME COLUMN \(quote(from)) TO \(quote(relationship.name))")
            case .attributeRemoved(_, let attribute) where !isCustom:
                add(dropColumn(attribute.name, of: new.name))
            case .attributeAdded(_, let attribute):
                add("ALTER TABLE \(table) ADD COLUMN \(StoreLayout(schema: to).columnDefinition(attribute))")
                if let value = defaultValue(new.name, attribute) {
                    add("UPDATE \(table) SET \(quote(attribute.name)) = ?", [value])
                }
            case .attributeOptionalityChanged(_, let attribute, false):
                if let value = defaultValue(new.name, attribute) {
                    add(
                        "UPDATE \(table) SET \(quote(attribute.name)) = ? WHERE \(quote(attribute.name)) IS NULL",
                        [value])
                }
            case .relationshipAdded(_, let relationship) where !relationship.isToMany:
                add("ALTER TABLE \(table) ADD COLUMN \(StoreLayout(schema: to).foreignKeyDefinition(relationship))")
            default:
                continue
            }
        }
        guard !statements.isEmpty else { return [] }
        return [MigrationStep("alter \(new.name) in place", statements: statements, arguments: arguments)]
    }

    private func rebuildSteps(_ old: Schema.Entity, _ new: Schema.Entity, layout: StoreLayout) -> [MigrationStep] {
        let pk = quote(StoreLayout.primaryKey)
        var columns = [StoreLayout.primaryKey]
        var expressions = [pk]
        var arguments: [DatabaseValue] = []
        for attribute in new.attributes {
            columns.append(attribute.name)
            if let mapped = mappedValues[new.name]?[attribute.name] {
                switch mapped {
                case .column(let name) where old.attribute(named: name) != nil:
                    expressions.append(quote(name))
                case .value(let value):
                    if let stored = value.databaseValue {
                        expressions.append("?")
                        arguments.append(stored)
                    } else {
                        expressions.append("NULL")
                    }
                case .column:
                    expressions.append("NULL")
                case .ownKey(nil):
                    expressions.append(pk)
                case .keyPath, .converted, .linkOwner, .ownKey:
                    expressions.append(mappedSnapshotValue(attribute.name, of: new.name))
                }
                continue
            }
            let source = SchemaDiff.source(of: attribute, in: old)
            let fallback = defaultValue(new.name, attribute)
            if let source, source.valueType.sqlType == attribute.valueType.sqlType {
                if let fallback, !attribute.isOptional {
                    expressions.append("IFNULL(\(quote(source.name)), ?)")
                    arguments.append(fallback)
                } else {
                    expressions.append(quote(source.name))
                }
            } else {
                expressions.append(defaultExpression(new.name, attribute, &arguments))
            }
        }
        for relationship in new.relationships where !relationship.isToMany {
            columns.append(relationship.name)
            if let mapped = mappedValues[new.name]?[relationship.name] {
                switch mapped {
                case .column(let name) where old.relationship(named: name).map({ !$0.isToMany }) ?? false:
                    expressions.append(quote(name))
                case .ownKey(nil):
                    expressions.append(pk)
                case .keyPath, .converted, .linkOwner, .ownKey:
                    expressions.append(mappedSnapshotValue(relationship.name, of: new.name))
                default:
                    expressions.append("NULL")
                }
            } else if let source = SchemaDiff.source(of: relationship, in: old), !source.isToMany,
                diff.isSameDestination(source.destination, relationship.destination)
            {
                expressions.append(quote(source.name))
            } else {
                expressions.append("NULL")
            }
        }
        let aside = Self.oldPrefix + new.name
        return [
            MigrationStep(
                "rebuild \(new.name) (12-step: new table, copy rows, drop old)",
                statements: [
                    "ALTER TABLE \(quote(new.name)) RENAME TO \(quote(aside))",
                    layout.createTableStatement(for: new),
                ],
                copy: RowCopy(
                    source: aside, target: new.name, columns: columns, expressions: expressions, arguments: arguments))
        ]
    }

    /// "?" with the attribute's default appended to `arguments`, or NULL when it has none.
    func defaultExpression(_ entity: String, _ attribute: Schema.Attribute, _ arguments: inout [DatabaseValue])
        -> String
    {
        guard let fallback = defaultValue(entity, attribute) else { return "NULL" }
        arguments.append(fallback)
        return "?"
    }

    /// The stored form of an attribute's declared default, evaluated from the target's model type, or for a schema
    /// read from sources from the default its reader evaluated (nil when only the app's code can evaluate it).
    private func defaultValue(_ entity: String, _ attribute: Schema.Attribute) -> DatabaseValue? {
        guard attribute.defaultValue != nil else { return nil }
        let value: DatabaseValue?
        if let mapping = to.mappings[entity]?.attribute(named: attribute.name) {
            value = mapping.makeDefault.flatMap { make in try? mapping.encode(make()) }
        } else {
            value = to.storedDefault(entity, attribute.name)?.databaseValue
        }
        guard let value, !value.isNull else { return nil }
        return value
    }
}
