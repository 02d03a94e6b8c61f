/// The typed changes that turn one schema into another, matched by name and `originalName`.
public struct SchemaDiff: Sendable {
    /// The schema changed from.
    public let from: Schema
    /// The schema changed to.
    public let to: Schema
    /// The changes, grouped by entity in the order of the target schema, removed entities last.
    public let changes: [SchemaChange]
    /// The entities renamed through `originalName`.
    let entityRenames: EntityRenames

    /// Diffs two schemas.
    public init(from: Schema, to: Schema) {
        self.from = from
        self.to = to
        let renames = EntityRenames(from: from, to: to)
        entityRenames = renames
        var changes: [SchemaChange] = []
        let fromLayout = StoreLayout(schema: from)
        let toLayout = StoreLayout(schema: to)
        for entity in to.entities {
            guard let old = Self.source(of: entity.name, in: from, renames) else {
                changes.append(.entityAdded(entity))
                continue
            }
            if old.name != entity.name { changes.append(.entityRenamed(from: old.name, to: entity)) }
            changes += Self.attributeChanges(old, entity, from: from, to: to)
            changes += Self.groupChanges(old, entity)
            changes += Self.relationshipChanges(
                old, entity, renames: renames, fromLayout: fromLayout, toLayout: toLayout)
        }
        for entity in from.entities where to.entitiesByName[entity.name] == nil && renames.newNames[entity.name] == nil
        {
            changes.append(.entityRemoved(entity))
        }
        self.changes = changes
    }

    private static func source(of name: String, in from: Schema, _ renames: EntityRenames) -> Schema.Entity? {
        from.entitiesByName[name] ?? renames.oldNames[name].flatMap { from.entitiesByName[$0] }
    }

    /// The source schema's entity that the target's entity `name` comes from: the same name, or its name before a
    /// rename; nil for an added entity.
    package func sourceEntity(named name: String) -> Schema.Entity? { Self.source(of: name, in: from, entityRenames) }

    /// The table an entity of the target schema has before the change: its old name when it was renamed.
    func sourceTable(of entity: String) -> String { entityRenames.oldNames[entity] ?? entity }

    /// The old name of each entity renamed through `originalName`, by its new name.
    package var renamedEntities: [String: String] { entityRenames.oldNames }

    /// Why a rename claimed through `originalName` is not followed (two entities claim one old name, or an old or
    /// new name is in both versions); a plan check reports each as a problem.
    package var entityRenameProblems: [String] { entityRenames.problems }

    /// True when a relationship of the source pointing to `old` points, in the target, to `new`: the same entity,
    /// or the entity renamed from it.
    package func isSameDestination(_ old: String, _ new: String) -> Bool {
        Self.isSameDestination(old, new, entityRenames)
    }

    private static func isSameDestination(_ old: String, _ new: String, _ renames: EntityRenames) -> Bool {
        (renames.newNames[old] ?? old) == new
    }

    /// True when the schemas are structurally equal.
    public var isEmpty: Bool { changes.isEmpty }

    /// The changes a lightweight stage cannot perform.
    public var customChanges: [SchemaChange] { changes.filter { !$0.classification.isLightweightCapable } }

    /// The changes but those of default values: what differs between an Apple store's model (which records defaults
    /// only as sample values) and a version's models.
    public var changesBesideDefaults: [SchemaChange] {
        changes.filter { if case .defaultChanged = $0 { false } else { true } }
    }

    /// The changes that lose data.
    public var destructiveChanges: [SchemaChange] {
        changes.filter { if case .destructive = $0.classification { true } else { false } }
    }

    /// Where each attribute of `entity` comes from in `old`: the same name, its `originalName`, or (going back a
    /// version) the old attribute whose `originalName` is this name.
    static func source(of attribute: Schema.Attribute, in old: Schema.Entity) -> Schema.Attribute? {
        old.attribute(named: attribute.name) ?? attribute.originalName.flatMap(old.attribute(named:))
            ?? old.attributes.first { $0.originalName == attribute.name }
    }

    /// The target's attributes of `entity` with these names, each with the column it is read from before the
    /// change (its old name when renamed, its own name when new); names that are no attribute are left out.
    func sourceColumns(of names: [String], in entity: String) -> [(attribute: Schema.Attribute, column: String)] {
        names.compactMap { name in
            guard let attribute = to.entitiesByName[entity]?.attribute(named: name) else { return nil }
            let column = sourceEntity(named: entity).flatMap { Self.source(of: attribute, in: $0) }?.name ?? name
            return (attribute, column)
        }
    }

    /// Where a relationship comes from in `old`: the same name, its `originalName`, or the reverse of a rename.
    package static func source(of relationship: Schema.Relationship, in old: Schema.Entity) -> Schema.Relationship? {
        old.relationship(named: relationship.name) ?? relationship.originalName.flatMap(old.relationship(named:))
            ?? old.relationships.first { $0.originalName == relationship.name }
    }

    private static func attributeChanges(
        _ old: Schema.Entity, _ new: Schema.Entity, from: Schema, to: Schema
    ) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        var matched: Set<String> = []
        for attribute in new.attributes {
            guard let previous = source(of: attribute, in: old) else {
                changes.append(.attributeAdded(entity: new.name, attribute))
                continue
            }
            matched.insert(previous.name)
            if previous.name != attribute.name {
                changes.append(.attributeRenamed(entity: new.name, from: previous.name, to: attribute))
            }
            if previous.valueType != attribute.valueType {
                changes.append(
                    .attributeTypeChanged(
                        entity: new.name, attribute: attribute.name, from: previous.valueType, to: attribute.valueType))
            }
            if previous.isOptional != attribute.isOptional {
                changes.append(
                    .attributeOptionalityChanged(
                        entity: new.name, attribute: attribute, isOptional: attribute.isOptional))
            }
            if !previous.isUnique && attribute.isUnique {
                changes.append(.uniqueAdded(entity: new.name, attribute: attribute.name))
            }
            if previous.isUnique && !attribute.isUnique {
                changes.append(.uniqueRemoved(entity: new.name, attribute: attribute.name))
            }
            // A default that comes with making the attribute required is part of that change (it fills the nils).
            if !sameDefault(
                (previous, from.storedDefault(old.name, previous.name)),
                (attribute, to.storedDefault(new.name, attribute.name))),
                previous.isOptional == attribute.isOptional
            {
                changes.append(.defaultChanged(entity: new.name, attribute: attribute, from: previous.defaultValue))
            }
        }
        for attribute in old.attributes where !matched.contains(attribute.name) {
            changes.append(.attributeRemoved(entity: new.name, attribute))
        }
        return changes
    }

    /// True when two attributes' defaults fill a row alike: the same text, `nil` or none for an optional attribute
    /// (`var at: Date? = nil` and `var at: Date?`), or, read from sources, the same stored value
    /// (`Legacy.Kind.video` and `Kind.video` of one raw value).
    private static func sameDefault(
        _ old: (attribute: Schema.Attribute, stored: StoredDefault?),
        _ new: (attribute: Schema.Attribute, stored: StoredDefault?)
    ) -> Bool {
        func written(_ attribute: Schema.Attribute) -> String? {
            attribute.isOptional && attribute.defaultValue == "nil" ? nil : attribute.defaultValue
        }
        if written(old.attribute) == written(new.attribute) { return true }
        guard let before = old.stored, let after = new.stored else { return false }
        if case .unknown = before { return false }
        return before == after
    }

    /// The `#Unique` and `#Index` groups added and removed; an old group is compared under its attributes' new
    /// names, so renaming an attribute of a group changes no group.
    private static func groupChanges(_ old: Schema.Entity, _ new: Schema.Entity) -> [SchemaChange] {
        var renamed: [String: String] = [:]
        for attribute in new.attributes {
            if let previous = source(of: attribute, in: old) { renamed[previous.name] = attribute.name }
        }
        func translated(_ groups: [[String]]) -> [[String]] { groups.map { $0.map { renamed[$0] ?? $0 } } }
        let oldUnique = translated(old.uniquenessConstraints)
        let oldIndexes = translated(old.indexes)
        return new.uniquenessConstraints.filter { !oldUnique.contains($0) }.map {
            .uniquenessAdded(entity: new.name, attributes: $0)
        }
            + oldUnique.filter { !new.uniquenessConstraints.contains($0) }.map {
                .uniquenessRemoved(entity: new.name, attributes: $0)
            }
            + new.indexes.filter { !oldIndexes.contains($0) }.map { .indexAdded(entity: new.name, attributes: $0) }
            + oldIndexes.filter { !new.indexes.contains($0) }.map { .indexRemoved(entity: new.name, attributes: $0) }
    }

    private static func relationshipChanges(
        _ old: Schema.Entity, _ new: Schema.Entity, renames: EntityRenames, fromLayout: StoreLayout,
        toLayout: StoreLayout
    ) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        var matched: Set<String> = []
        for relationship in new.relationships {
            guard let previous = source(of: relationship, in: old) else {
                changes.append(.relationshipAdded(entity: new.name, relationship))
                continue
            }
            matched.insert(previous.name)
            if previous.name != relationship.name {
                changes.append(.relationshipRenamed(entity: new.name, from: previous.name, to: relationship))
            }
            if previous.isToMany != relationship.isToMany {
                changes.append(
                    .relationshipCardinalityChanged(
                        entity: new.name, relationship: relationship.name, isToMany: relationship.isToMany))
                continue
            }
            if !isSameDestination(previous.destination, relationship.destination, renames) {
                changes.append(
                    .relationshipDestinationChanged(
                        entity: new.name, relationship: relationship.name, from: previous.destination,
                        to: relationship.destination))
                continue
            }
            if previous.deleteRule != relationship.deleteRule {
                changes.append(
                    .deleteRuleChanged(
                        entity: new.name, relationship: relationship.name, from: previous.deleteRule,
                        to: relationship.deleteRule))
            }
            // A new inverse matters only when it moves the links of a to-many (foreign key <-> join table).
            if relationship.isToMany, previous.inverse != relationship.inverse,
                storageKind(fromLayout.storage(of: previous, in: old))
                    != storageKind(toLayout.storage(of: relationship, in: new))
            {
                changes.append(
                    .inverseChanged(
                        entity: new.name, relationship: relationship.name, from: previous.inverse,
                        to: relationship.inverse))
            }
        }
        for relationship in old.relationships where !matched.contains(relationship.name) {
            changes.append(.relationshipRemoved(entity: new.name, relationship))
        }
        return changes
    }

    private static func storageKind(_ storage: StoreLayout.Storage) -> Int {
        switch storage {
        case .foreignKey: 0
        case .inverseForeignKey: 1
        case .joinTable: 2
        }
    }
}
