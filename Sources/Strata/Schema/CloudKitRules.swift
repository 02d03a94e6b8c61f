/// The rules a schema synced through CloudKit must follow: those SwiftData and Core Data check only when the
/// container loads on a device (NSPersistentCloudKitContainer's model validation, error 134060), and those of
/// CloudKit's production schema, which only grows. Every lint of a synced app (sources, Core Data models) calls these
/// and places the findings it returns.
package enum CloudKitRules {
    /// One broken rule, about an entity or one of its properties.
    package struct Finding: Hashable, Sendable {
        /// The entity concerned (in the later schema for a change across versions; the removed one's name otherwise).
        package let entity: String
        /// The attribute or relationship concerned, nil for the entity as a whole.
        package let property: String?
        /// True when the container fails to load (a rule of one version); false for a change across versions.
        package let isError: Bool
        /// What is wrong, the error the container reports, and the fix.
        package let message: String
    }

    /// What SwiftData's container reports at load for each rule, quoted in the findings.
    static let optionalAttributes =
        "\"CloudKit integration requires that all attributes be optional, or have a default value set\""
    static let uniqueConstraints = "\"CloudKit integration does not support unique constraints\""
    static let optionalRelationships = "\"CloudKit integration requires that all relationships be optional\""
    static let inverses = "\"CloudKit integration requires that all relationships have an inverse\""

    /// The rules one version breaks, entity by entity in the schema's order: an attribute required without a
    /// default, `.unique` or `#Unique`, a required relationship, one without an inverse, a `.deny` delete rule.
    package static func findings(in schema: Schema) -> [Finding] {
        var found: [Finding] = []
        for entity in schema.entities {
            for attribute in entity.attributes {
                let subject = "\(entity.name).\(attribute.name)"
                if !attribute.isOptional && attribute.defaultValue == nil {
                    found.append(
                        Finding(
                            entity: entity.name, property: attribute.name, isError: true,
                            message:
                                "\(subject) is required without a default: a CloudKit-synced container fails to load with \(optionalAttributes); make it optional or give it a default value"
                        ))
                }
                if attribute.isUnique {
                    found.append(
                        Finding(
                            entity: entity.name, property: attribute.name, isError: true,
                            message:
                                "\(subject) is unique (@Attribute(.unique), or a uniqueness constraint): a CloudKit-synced container fails to load with \(uniqueConstraints); remove it and remove duplicates in code (CloudKit merges records, it cannot keep a value unique)"
                        ))
                }
            }
            for group in entity.uniquenessConstraints {
                found.append(
                    Finding(
                        entity: entity.name, property: nil, isError: true,
                        message:
                            "\(entity.name) has #Unique on \(SchemaChange.group(group)) (a uniqueness constraint): a CloudKit-synced container fails to load with \(uniqueConstraints); remove it and remove duplicates in code"
                    ))
            }
            for relationship in entity.relationships {
                let subject = "\(entity.name).\(relationship.name)"
                if !relationship.isOptional {
                    let written =
                        relationship.isToMany ? "[\(relationship.destination)]?" : "\(relationship.destination)?"
                    found.append(
                        Finding(
                            entity: entity.name, property: relationship.name, isError: true,
                            message:
                                "\(subject) is a required relationship: a CloudKit-synced container fails to load with \(optionalRelationships); make it optional (\(written))"
                        ))
                }
                if relationship.inverse == nil {
                    found.append(
                        Finding(
                            entity: entity.name, property: relationship.name, isError: true,
                            message:
                                "\(subject) has no inverse: a CloudKit-synced container fails to load with \(inverses); add its inverse on \(relationship.destination) (@Relationship(inverse:) names it)"
                        ))
                }
                if relationship.deleteRule == .deny {
                    found.append(
                        Finding(
                            entity: entity.name, property: relationship.name, isError: true,
                            message:
                                "\(subject) has the .deny delete rule, which CloudKit integration does not accept (a CloudKit-synced container fails to load): records arrive from other devices in any order, so a deletion cannot be refused; use .nullify or .cascade"
                        ))
                }
            }
        }
        return found
    }

    /// The first of `schemas` that can have synced: the first that breaks none of the rules of one version (a
    /// container with an earlier one could not load with CloudKit). Nil when none can.
    package static func firstSynced(_ schemas: [Schema]) -> Int? {
        schemas.firstIndex { findings(in: $0).isEmpty }
    }

    /// The changes from `old` to `new`, a version after the first synced one, that CloudKit's production schema
    /// does not follow (it only grows): an entity or attribute removed or renamed, an attribute's type changed.
    /// Warnings naming what older installs keep sending and what they no longer see.
    package static func findings(from old: Schema, to new: Schema) -> [Finding] {
        let step = "\(old.version.label) -> \(new.version.label)"
        return SchemaDiff(from: old, to: new).changes.compactMap { change in
            let message: String
            switch change {
            case .entityRemoved(let entity):
                message =
                    "entity \(entity.name) removed in \(step) after CloudKit sync began: its record type stays in the production schema, installs still at \(old.version.label) keep sending \(entity.name) records, which \(new.version.label) ignores, and they no longer receive the ones newer installs would have made"
            case .entityRenamed(let from, let entity):
                message =
                    "entity \(entity.name) renamed from \(from) in \(step) after CloudKit sync began: CloudKit sees a new record type, installs still at \(old.version.label) keep sending \(from) records, which \(new.version.label) ignores, and they no longer see \(entity.name) records; keep the old name (@Model class names are the record types) or add \(entity.name) beside \(from)"
            case .attributeRemoved(let entity, let attribute):
                message =
                    "\(entity).\(attribute.name) removed in \(step) after CloudKit sync began: the field stays in the production schema and installs still at \(old.version.label) keep sending it, which \(new.version.label) ignores; they no longer get a value for it from newer installs (theirs become nil or the default)"
            case .attributeRenamed(let entity, let from, let attribute):
                message =
                    "\(entity).\(attribute.name) renamed from \(from) in \(step) after CloudKit sync began: CloudKit sees a new field, installs still at \(old.version.label) keep sending \(from), which \(new.version.label) ignores, and they no longer see the values newer installs write to \(attribute.name); add \(attribute.name) as a new optional attribute and keep \(from)"
            case .attributeTypeChanged(let entity, let attribute, let from, let to):
                message =
                    "\(entity).\(attribute) changed type from \(from) to \(to) in \(step) after CloudKit sync began: a production field's type cannot change, installs still at \(old.version.label) keep sending \(from) values and cannot read \(to) ones; add a new attribute of type \(to) and keep \(attribute)"
            default:
                return nil
            }
            return Finding(entity: change.entity, property: change.property, isError: false, message: message)
        }
    }

    /// Every finding of a synced plan: the rules of one version on the newest of `schemas` (what the app loads), and
    /// the changes between consecutive versions from the first synced one on, each with the index of the schema it
    /// is found in.
    package static func findings(inPlan schemas: [Schema]) -> [(schema: Int, finding: Finding)] {
        guard let newest = schemas.indices.last else { return [] }
        var found = findings(in: schemas[newest]).map { (newest, $0) }
        if let first = firstSynced(schemas) {
            for index in schemas.indices.dropFirst() where index > first {
                found += findings(from: schemas[index - 1], to: schemas[index]).map { (index, $0) }
            }
        }
        return found
    }
}
