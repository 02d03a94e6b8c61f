import Foundation
import Strata

/// Core Data's inferred-mapping rules applied to the changes between two model versions (see `CoreDataStep`).
struct CoreDataRules {
    let old: ModelVersion
    let new: ModelVersion
    let diff: SchemaDiff

    /// A verdict per change of the diff, then the changes only the version hashes see, then hierarchy merges.
    var verdicts: [CoreDataVerdict] { diff.changes.map(judge) + hashOnly() + merges() }

    private func judge(_ change: SchemaChange) -> CoreDataVerdict {
        let entity = change.entity
        let property = change.property
        let newer: ModelVersion =
            switch change {
            case .entityRemoved, .attributeRemoved, .relationshipRemoved: old
            default: new
            }
        func make(
            _ kind: CoreDataVerdict.Kind, _ condition: CoreDataVerdict.Condition? = nil, _ explanation: String = ""
        )
            -> CoreDataVerdict
        {
            verdict(
                change.description, entity: entity, kind, condition: condition, explanation: explanation, in: newer,
                property: property)
        }
        switch change {
        case .attributeAdded(_, let attribute) where !attribute.isOptional && attribute.defaultValue == nil:
            return make(.inferred, .noRows(entity: entity), "existing rows get no value")
        case .attributeOptionalityChanged(_, let attribute, false) where attribute.defaultValue == nil:
            return make(.inferred, .noNulls(entity: entity, attribute: attribute.name))
        case .attributeOptionalityChanged(_, _, false):
            return make(.inferred, nil, "rows without a value take the default")
        case .relationshipAdded(_, let relationship) where !relationship.isToMany && !relationship.isOptional:
            return make(.inferred, .noRows(entity: entity), "existing rows get no target")
        case .uniqueAdded(_, let name):
            return make(.inferred, .noDuplicates(entity: entity, attributes: [name]))
        case .uniquenessAdded(_, let names):
            return make(.inferred, .noDuplicates(entity: entity, attributes: names))
        case .attributeTypeChanged(_, _, let from, let to) where Self.convertsInferred(from, to):
            return make(
                .inferred, nil,
                "Core Data's inferred mapping carries the values: Boolean and the integer types are one number in the store (docs/APPLE_STORES.md)"
            )
        case .attributeTypeChanged:
            return make(
                .needsMapping, nil,
                "Core Data cannot infer a type change; split it over versions (add the new attribute, copy in a mapping model or code, remove the old)"
            )
        case .entityRenamed:
            return make(.inferred, nil, "renaming identifier: Core Data keeps its rows, and the links to them follow")
        case .relationshipDestinationChanged:
            return make(.needsMapping, nil, "the links point to another entity")
        case .relationshipCardinalityChanged:
            return make(
                .inferred, nil,
                "Core Data moves the links; Strata's dry run cannot, so it stops at this step")
        case .inverseChanged:
            return make(.inferred, nil, "Strata's dry run cannot move the links, so it stops at this step")
        case .entityRemoved, .attributeRemoved, .relationshipRemoved:
            return make(.inferred, nil, "its data is dropped")
        case .defaultChanged(_, let attribute, _) where !attribute.isOptional:
            return make(.inferred, nil, "existing rows keep their values")
        default:
            return make(.inferred)
        }
    }

    /// Changes to what Core Data hashes that Strata's schemas do not hold: versionHashModifier, external storage,
    /// ordered, transient flags.
    private func hashOnly() -> [CoreDataVerdict] {
        var result: [CoreDataVerdict] = []
        for entity in new.entities {
            guard let before = old.entity(named: diff.renamedEntities[entity.name] ?? entity.name) else { continue }
            func note(_ what: String, property: String?) {
                result.append(
                    CoreDataVerdict(
                        change: what, entity: entity.name, kind: .inferred, condition: nil,
                        explanation:
                            "only Core Data's version hash changes: it migrates the store, and Strata has nothing to change",
                        isHashOnly: true, file: new.contentsURL,
                        line: line(in: new, entity: entity.name, property: property)))
            }
            if before.versionHashModifier != entity.versionHashModifier {
                note("entity \(entity.name) versionHashModifier changed", property: nil)
            }
            for attribute in entity.attributes {
                guard let previous = before.attributes.first(where: { $0.name == attribute.name }) else { continue }
                if previous.versionHashModifier != attribute.versionHashModifier {
                    note("\(entity.name).\(attribute.name) versionHashModifier changed", property: attribute.name)
                }
                if previous.allowsExternalStorage != attribute.allowsExternalStorage {
                    note(
                        "\(entity.name).\(attribute.name) external storage \(attribute.allowsExternalStorage ? "allowed" : "no longer allowed")",
                        property: attribute.name)
                }
            }
            for relationship in entity.relationships {
                guard let previous = before.relationships.first(where: { $0.name == relationship.name }) else {
                    continue
                }
                if previous.isOrdered != relationship.isOrdered {
                    note(
                        "\(entity.name).\(relationship.name) made \(relationship.isOrdered ? "ordered" : "unordered")",
                        property: relationship.name)
                }
                if previous.versionHashModifier != relationship.versionHashModifier {
                    note("\(entity.name).\(relationship.name) versionHashModifier changed", property: relationship.name)
                }
            }
        }
        return result
    }

    /// Entities of two separate hierarchies of the older version brought under one root: Core Data cannot infer it.
    /// An entity renamed through its renaming identifier is the same entity under its new name, here as in the diff.
    private func merges() -> [CoreDataVerdict] {
        var renamed: [String: String] = [:]
        for case .entityRenamed(let from, let to) in diff.changes { renamed[to.name] = from }
        let oldName = { (name: String) in renamed[name] ?? name }
        var result: [CoreDataVerdict] = []
        for entity in new.entities where old.entity(named: oldName(entity.name)) != nil {
            let before = Self.root(of: oldName(entity.name), in: old)
            let after = Self.root(of: entity.name, in: new)
            guard before != oldName(after), old.entity(named: oldName(after)) != nil,
                Self.root(of: oldName(after), in: old) != before
            else { continue }
            result.append(
                verdict(
                    "\(entity.name) moved from the hierarchy of \(before) to that of \(after)", entity: entity.name,
                    .needsMapping, explanation: "Core Data cannot infer merging two entity hierarchies", in: new,
                    property: nil))
        }
        return result
    }

    private func verdict(
        _ change: String, entity: String, _ kind: CoreDataVerdict.Kind, condition: CoreDataVerdict.Condition? = nil,
        explanation: String = "", in version: ModelVersion, property: String?
    ) -> CoreDataVerdict {
        CoreDataVerdict(
            change: change, entity: entity, kind: kind, condition: condition, explanation: explanation,
            isHashOnly: false,
            file: version.contentsURL, line: line(in: version, entity: entity, property: property))
    }

    /// The line of the property's element (or the entity's) in `version`'s contents; an inherited property's is in
    /// the ancestor that declares it.
    private func line(in version: ModelVersion, entity: String, property: String?) -> Int? {
        var current: String? = entity
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted, let element = version.entity(named: name) {
            guard let property else { return element.line }
            if let attribute = element.attributes.first(where: { $0.name == property }) { return attribute.line }
            if let relationship = element.relationships.first(where: { $0.name == property }) {
                return relationship.line
            }
            current = element.parent
        }
        return version.entity(named: entity)?.line
    }

    /// True when Core Data's inferred mapping carries an attribute's values from type `from` to `to`: between Boolean
    /// and the integer types, which Core Data stores alike as one integer. Observed on a public app that replaced its
    /// mapping model for a Boolean renamed into an Integer 32 with the renaming identifier alone, its tests migrating
    /// stores from before the change with the values kept (docs/APPLE_STORES.md, "Type changes"); no other type
    /// change is inferred (Apple's documentation lists none).
    static func convertsInferred(_ from: ValueType, _ to: ValueType) -> Bool {
        let integers: Set<ValueType> = [.bool, .int16, .int32, .int64, .int]
        return integers.contains(from) && integers.contains(to)
    }

    /// The topmost ancestor of an entity in a version.
    static func root(of name: String, in version: ModelVersion) -> String {
        var current = name
        var seen: Set<String> = [name]
        while let parent = version.entity(named: current)?.parent, seen.insert(parent).inserted { current = parent }
        return current
    }
}
