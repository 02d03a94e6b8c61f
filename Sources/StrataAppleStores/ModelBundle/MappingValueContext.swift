internal import GRDB
import Strata

/// Evaluates the value expressions of one mapping model's property mappings into the engine's mapped values.
struct MappingValueContext {
    let mapping: MappingModel
    let from: Schema
    let to: Schema
    let diff: SchemaDiff

    /// What an expression gives, read from a source row.
    enum Result {
        /// A stored value of this SQLite storage class.
        case stored(MappedValue, type: ValueType)
        /// A constant.
        case constant(AppleValue)
        /// The object(s) of a relationship, whose rows in the destination are those of entity `destination`
        /// (`toMany` for a set); `source` is the source relationship when the expression names one directly.
        case objects(MappedValue?, destination: String, toMany: Bool, source: String?)
    }

    /// The mapped value of an attribute mapping, nil when the engine already does what it says (the property is
    /// not in the destination, or the source has none), or why it is not run.
    func attribute(_ property: MappingModel.PropertyMapping, of entity: Schema.Entity, old: Schema.Entity?)
        -> Swift.Result<MappedValue?, MappingModelRun.Refusal>
    {
        guard let attribute = entity.attribute(named: property.name) else { return .success(nil) }
        if old == nil, case .source = property.expression { return .success(nil) }
        switch evaluate(property.expression, old: old) {
        case .failure(let refusal): return .failure(refusal)
        case .success(.constant(let value)):
            return .success(
                .value(StoredDefault(stored: AppleStoreImport.strataValue(value, type: attribute.valueType))))
        case .success(.stored(let value, let type)):
            guard type.sqlType == attribute.valueType.sqlType else {
                return .failure(
                    refusal(
                        "gives \(type) values for \(attribute.valueType), a conversion only Core Data evaluates"
                    ))
            }
            return .success(value)
        case .success(.objects):
            return .failure(refusal("gives objects, not a value of \(attribute.valueType)"))
        }
    }

    /// The mapped value of a relationship mapping: a to-one relationship's key column, for a to-many the source
    /// relationship whose links it takes, nil when the engine's own carrying of the relationship is what the mapping
    /// says, or why it is not run.
    func relationship(_ property: MappingModel.PropertyMapping, of entity: Schema.Entity, old: Schema.Entity?)
        -> Swift.Result<MappedValue?, MappingModelRun.Refusal>
    {
        guard let relationship = entity.relationship(named: property.name) else { return .success(nil) }
        let paired = old.flatMap { SchemaDiff.source(of: relationship, in: $0) }
        if case .source(let name) = property.expression, paired?.name == name || old == nil { return .success(nil) }
        switch evaluate(property.expression, old: old) {
        case .failure(let refusal): return .failure(refusal)
        case .success(.constant(.null)):
            return .success(relationship.isToMany ? nil : .value(StoredDefault(stored: .null)))
        case .success(.constant), .success(.stored):
            return .failure(refusal("gives values, not \(relationship.destination) objects"))
        case .success(.objects(let value, let destination, let toMany, let source)):
            guard destination == relationship.destination else {
                return .failure(
                    refusal("gives \(destination) objects, not \(relationship.destination) objects"))
            }
            if relationship.isToMany {
                // The engine moves the links of the relationship the versions pair by itself.
                if toMany, let source, source == paired?.name,
                    diff.isSameDestination(paired?.destination ?? "", relationship.destination)
                {
                    return .success(nil)
                }
                // Another relationship of the source object: its links, whose related rows keep their keys.
                guard let source else {
                    return .failure(
                        refusal(
                            "fills the to-many \(relationship.name) from objects other than a relationship of the source object, which Strata does not carry"
                        ))
                }
                return .success(.column(source))
            }
            guard !toMany, let value else {
                return .failure(refusal("gives a set of objects for the to-one \(relationship.name)"))
            }
            if case .column(let name) = value, name == paired?.name,
                diff.isSameDestination(paired?.destination ?? "", relationship.destination)
            {
                return .success(nil)
            }
            return .success(value)
        }
    }

    /// What an expression gives for a row of `old` (nil for a destination entity with no source).
    func evaluate(_ expression: MappingExpression, old: Schema.Entity?) -> Swift.Result<Result, MappingModelRun.Refusal>
    {
        switch expression {
        case .constant(let value):
            return .success(.constant(value))
        case .source(let name):
            return path([name], old: old)
        case .sourcePath(let components):
            return path(components, old: old)
        case .function(let target, let selector, let arguments):
            if arguments.isEmpty, let conversion = MappedConversion(rawValue: selector) {
                switch evaluate(target, old: old) {
                case .failure(let refusal): return .failure(refusal)
                case .success(.stored(let value, let type)):
                    guard conversion.accepts(type) else {
                        return .failure(
                            refusal("\(selector) of \(type) values: Strata does not evaluate it"))
                    }
                    return .success(.stored(.converted(conversion, value), type: conversion.resultType))
                case .success(.constant(let value)):
                    let stored: DatabaseValue =
                        switch value {
                        case .text(let text): text.databaseValue
                        case .integer(let number): number.databaseValue
                        case .real(let number): number.databaseValue
                        case .bool(let flag): (flag ? 1 : 0).databaseValue
                        default: .null
                        }
                    return .success(.constant(AppleValue(conversion.apply(stored), kind: nil)))
                case .success(.objects):
                    return .failure(refusal("\(selector) of objects: Strata does not evaluate it"))
                }
            }
            // `FUNCTION($source, "valueForKey:", "title")` is `$source.title` written as a function.
            if ["valueForKey:", "valueForKeyPath:"].contains(selector), arguments.count == 1,
                case .constant(.text(let key)) = arguments[0]
            {
                let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                switch target {
                case .variable("source"): return path(components, old: old)
                case .source(let first): return path([first] + components, old: old)
                case .sourcePath(let prefix): return path(prefix + components, old: old)
                default: break
                }
            }
            return lookup(target, selector, arguments, old: old)
        case .variable("source"):
            // The source object itself: the destination objects made from it keep its row's key.
            guard let old else { return .failure(refusal("reads a source object the mapping has not")) }
            return .success(.objects(.ownKey(nil), destination: old.name, toMany: false, source: nil))
        case .variable, .other:
            return .failure(refusal("Strata does not evaluate it"))
        }
    }

    /// `$source.a.b…`: to-one relationships followed, an attribute, then Foundation methods named as keys.
    private func path(_ components: [String], old: Schema.Entity?) -> Swift.Result<Result, MappingModelRun.Refusal> {
        guard var entity = old else { return .failure(refusal("reads a source object the mapping has not")) }
        var walked: [String] = []
        for (index, component) in components.enumerated() {
            if let attribute = entity.attribute(named: component) {
                walked.append(component)
                var value: MappedValue = walked.count == 1 ? .column(component) : .keyPath(walked)
                var type = attribute.valueType
                for key in components[(index + 1)...] {
                    guard let conversion = MappedConversion(rawValue: key), conversion.accepts(type) else {
                        return .failure(refusal("\(key) of \(entity.name).\(component): Strata does not evaluate it"))
                    }
                    value = .converted(conversion, value)
                    type = conversion.resultType
                }
                return .success(.stored(value, type: type))
            }
            guard let relationship = entity.relationship(named: component) else {
                return .failure(refusal("\(entity.name) has no property \(component) (source version)"))
            }
            walked.append(component)
            if relationship.isToMany {
                guard index == components.count - 1 else {
                    return .failure(
                        refusal(
                            "\(entity.name).\(component) is to-many: a key path through it gives a set, which Strata does not evaluate"
                        ))
                }
                return .success(
                    .objects(
                        nil, destination: relationship.destination, toMany: true,
                        source: walked.count == 1 ? component : nil))
            }
            guard let next = from.entitiesByName[relationship.destination] else {
                return .failure(refusal("\(relationship.destination) is not in the source version"))
            }
            if index == components.count - 1 {
                return .success(
                    .objects(
                        walked.count == 1 ? .column(component) : .keyPath(walked),
                        destination: relationship.destination, toMany: false,
                        source: walked.count == 1 ? component : nil))
            }
            entity = next
        }
        return .failure(refusal("Strata does not evaluate it"))
    }

    /// The migration manager's and the entity policy's lookups of the destination objects made from source objects.
    private func lookup(
        _ target: MappingExpression, _ selector: String, _ arguments: [MappingExpression], old: Schema.Entity?
    ) -> Swift.Result<Result, MappingModelRun.Refusal> {
        let entityMapping: MappingModel.EntityMapping?
        switch (target, selector) {
        case (.variable("manager"), "destinationInstancesForEntityMappingNamed:sourceInstances:"):
            guard arguments.count == 2, case .constant(.text(let name)) = arguments[0] else {
                return .failure(refusal("Strata does not evaluate it"))
            }
            guard let named = mapping.entityMappings.first(where: { $0.name == name }) else {
                return .failure(refusal("names entity mapping \(name), which \(mapping.name) does not have"))
            }
            entityMapping = named
        case (.variable("entityPolicy"), "destinationInstancesForSourceRelationshipNamed:sourceInstances:"),
            (.variable("manager"), "destinationInstancesForSourceRelationshipNamed:sourceInstances:"):
            guard arguments.count == 2, case .constant(.text) = arguments[0] else {
                return .failure(refusal("Strata does not evaluate it"))
            }
            entityMapping = nil
        default:
            return .failure(refusal("Strata does not evaluate it"))
        }
        guard case .success(.objects(let value, let related, let toMany, let source)) = evaluate(arguments[1], old: old)
        else {
            return .failure(refusal("its source instances are not source objects Strata reads"))
        }
        // The entity mapping that made the destination objects from the related source objects.
        guard
            let made = entityMapping
                ?? mapping.entityMappings.first(where: { $0.source == related && $0.destination == related })
                ?? mapping.entityMappings.first(where: { $0.source == related && $0.destination != nil })
        else {
            return .failure(refusal("no entity mapping of \(mapping.name) maps \(related)"))
        }
        guard made.source == related, let destination = made.destination else {
            return .failure(refusal("entity mapping \(made.name) maps \(made.source ?? "nothing"), not \(related)"))
        }
        guard !made.runsAppCode else {
            return .failure(
                refusal(
                    "its objects are made by entity mapping \(made.name)'s \(made.policyClass.map { "policy \($0)" } ?? "custom code") (the app's code)"
                ))
        }
        // Objects the entity mapping made only from the source objects its filter selects.
        if let filter = made.sourceFilter {
            guard case .ownKey(nil)? = value, let entity = from.entitiesByName[related],
                let rows = MappingModelRun.rows(of: entity, filter: filter)
            else {
                return .failure(
                    refusal(
                        "links to objects entity mapping \(made.name) makes only where \"\(filter)\", which Strata does not follow"
                    ))
            }
            return .success(.objects(.ownKey(rows), destination: destination, toMany: toMany, source: source))
        }
        return .success(.objects(value, destination: destination, toMany: toMany, source: source))
    }

    private func refusal(_ text: String) -> MappingModelRun.Refusal { MappingModelRun.Refusal(text) }
}
