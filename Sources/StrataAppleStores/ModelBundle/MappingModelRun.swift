import Strata

/// What Strata's dry run carries out of a mapping model's step: per destination entity, the values its property
/// mappings give (`$source.key` of the same storage class, constants), or why the step cannot run here (a policy
/// class, an expression only Core Data evaluates, an entity pairing the versions do not have).
///
/// Core Data runs a mapping model entity mapping by entity mapping: Copy and Transform mappings make one destination
/// object per source object and fill each property from its mapping's value expression; Add mappings create an entity
/// the source has not, Remove mappings drop one; a source entity with no entity mapping is not carried over. The run
/// here is the engine's table rebuild with those values, so it is exactly the mapping model's work only when every
/// mapping is of those kinds.
struct MappingModelRun: Sendable {
    /// The values the step gives, by destination entity then attribute.
    let values: [String: [String: MappedValue]]
    /// What was run, one line per entity mapping ("entity mapping TaskToTask (Transform): run here: priority =
    /// $source.level").
    let notes: [String]

    /// The run of `mapping` for the step from `from` to `to` whose diff is `diff`, or why it cannot run here.
    static func plan(_ mapping: MappingModel, from: Schema, to: Schema, diff: SchemaDiff) -> Result<Self, Refusal> {
        var values: [String: [String: MappedValue]] = [:]
        var notes: [String] = []
        var mapped: Set<String> = []
        for entityMapping in mapping.entityMappings {
            let label = "entity mapping \(entityMapping.name)"
            if entityMapping.runsAppCode {
                return .failure(
                    Refusal(
                        "\(label) runs \(entityMapping.policyClass.map { "policy \($0)" } ?? "custom code") (the app's code)"
                    ))
            }
            let kind = entityMapping.type?.lowercased() ?? "undefined"
            guard ["copy", "add", "remove", "transform", "undefined"].contains(kind) else {
                return .failure(Refusal("\(label) is of type \(entityMapping.type ?? "")"))
            }
            if let source = entityMapping.source { mapped.insert(source) }
            guard let destination = entityMapping.destination, let entity = to.entitiesByName[destination] else {
                notes.append("\(label): run here: \(entityMapping.source ?? "") is not carried over")
                continue
            }
            let old = diff.sourceEntity(named: destination)
            if let source = entityMapping.source, old?.name != source {
                return .failure(
                    Refusal(
                        "\(label) maps \(source) to \(destination), which the two versions do not pair (no renaming identifier)"
                    ))
            }
            var assigned: [String] = []
            for property in entityMapping.properties {
                if property.isRelationship {
                    guard case .source(property.name) = property.expression else {
                        return .failure(Refusal("\(destination).\(property): Strata does not evaluate it"))
                    }
                    continue
                }
                guard let attribute = entity.attribute(named: property.name) else { continue }
                switch property.expression {
                case .source(let name):
                    guard let column = old?.attribute(named: name) else {
                        if old == nil { continue }
                        return .failure(
                            Refusal("\(destination).\(property): \(old?.name ?? "") has no attribute \(name)"))
                    }
                    guard column.valueType.sqlType == attribute.valueType.sqlType else {
                        return .failure(
                            Refusal(
                                "\(destination).\(property) converts \(column.valueType) to \(attribute.valueType), which only Core Data evaluates"
                            ))
                    }
                    values[destination, default: [:]][attribute.name] = .column(name)
                case .constant(let value):
                    values[destination, default: [:]][attribute.name] = .value(
                        StoredDefault(stored: AppleStoreImport.strataValue(value, type: attribute.valueType)))
                case .other:
                    return .failure(Refusal("\(destination).\(property): Strata does not evaluate it"))
                }
                assigned.append(property.description)
            }
            let kindText = entityMapping.type.map { " (\($0))" } ?? ""
            notes.append(
                "\(label)\(kindText): run here" + (assigned.isEmpty ? "" : ": " + assigned.joined(separator: ", ")))
        }
        for entity in from.entities where !mapped.contains(entity.name) && to.entitiesByName[entity.name] != nil {
            return .failure(
                Refusal(
                    "\(entity.name) has no entity mapping, so Core Data does not carry its rows over, which the dry run does not mimic"
                ))
        }
        // What the values do not cover must be changes the engine makes by itself.
        for change in diff.customChanges {
            switch change {
            case .attributeTypeChanged(let entity, let name, _, _) where values[entity]?[name] != nil: continue
            case .attributeAdded(let entity, let attribute) where values[entity]?[attribute.name] != nil: continue
            case .attributeOptionalityChanged(let entity, let attribute, _)
            where values[entity]?[attribute.name] != nil:
                continue
            case .attributeAdded, .attributeOptionalityChanged: continue // the rows decide, as for an inferred step
            default: return .failure(Refusal("Strata's engine cannot make \(change)"))
            }
        }
        return .success(MappingModelRun(values: values, notes: notes))
    }

    /// Why a mapping model's step cannot run here.
    struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The reason, naming the mapping, class or expression.
        let description: String

        init(_ description: String) { self.description = description }
    }
}
