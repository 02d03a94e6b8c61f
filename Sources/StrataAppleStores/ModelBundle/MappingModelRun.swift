internal import GRDB
import Strata

/// What Strata's dry run carries out of a mapping model's step: per destination entity, the values its property
/// mappings give, or why the step cannot run here (a policy class, an expression only Core Data or the app evaluates,
/// an entity pairing the versions do not have), with a note per entity mapping saying what was run and what not.
///
/// Core Data runs a mapping model entity mapping by entity mapping (Apple's `NSEntityMigrationPolicy`: create the
/// destination instances, then their relationships): Copy and Transform mappings make one destination object per
/// source object and fill each property from its mapping's value expression; Add mappings create an entity the source
/// has not, Remove mappings drop one; a source entity with no entity mapping is not carried over. The run here is the
/// engine's table rebuild with those values (each destination row keeps its source row's key), so it is exactly the
/// mapping model's work only when every mapping is of those kinds.
///
/// The value expressions carried out (docs/APPLE_STORES.md, "Mapping models"):
/// - `$source.key` and key paths `$source.a.b` through to-one relationships (KVC: a missing object gives nil);
/// - constants;
/// - Foundation methods on a value, written as `FUNCTION($source.key, "uppercaseString")` or as the key path's last
///   component (`$source.key.uppercaseString`): `MappedConversion`;
/// - a relationship through `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "XToY",
///   $source.rel)` or `FUNCTION($entityPolicy, "destinationInstancesForSourceRelationshipNamed:sourceInstances:",
///   "rel", $source.rel)`: the destination objects the named (or the related entity's) entity mapping made from the
///   related source objects, which here keep their source rows' keys.
struct MappingModelRun: Sendable {
    /// The values the step gives, by destination entity then property.
    let values: [String: [String: MappedValue]]
    /// What was run, one line per entity mapping ("entity mapping TaskToTask (Transform): run here: priority =
    /// $source.level").
    let notes: [String]

    /// The run of `mapping` for the step from `from` to `to` whose diff is `diff`, or why it cannot run here.
    static func plan(_ mapping: MappingModel, from: Schema, to: Schema, diff: SchemaDiff) -> Result<Self, Refusal> {
        var values: [String: [String: MappedValue]] = [:]
        var outcomes: [(mapping: MappingModel.EntityMapping, run: [String], stops: [String])] = []
        var mapped: Set<String> = []
        var reasons: [String] = []
        for entityMapping in mapping.entityMappings {
            var run: [String] = []
            var stops: [String] = []
            defer { outcomes.append((entityMapping, run, stops)) }
            if entityMapping.runsAppCode {
                stops.append(
                    "runs \(entityMapping.policyClass.map { "policy \($0)" } ?? "custom code") (the app's code)")
                continue
            }
            let kind = entityMapping.type?.lowercased() ?? "undefined"
            guard ["copy", "add", "remove", "transform", "undefined"].contains(kind) else {
                stops.append("is of type \(entityMapping.type ?? "")")
                continue
            }
            if let source = entityMapping.source { mapped.insert(source) }
            guard let destination = entityMapping.destination, let entity = to.entitiesByName[destination] else {
                run.append("\(entityMapping.source ?? "") is not carried over")
                continue
            }
            let old = diff.sourceEntity(named: destination)
            if let source = entityMapping.source, old?.name != source {
                stops.append(
                    "maps \(source) to \(destination), which the two versions do not pair (no renaming identifier)")
                continue
            }
            let context = Context(mapping: mapping, from: from, to: to, diff: diff)
            for property in entityMapping.properties {
                let outcome =
                    property.isRelationship
                    ? context.relationship(property, of: entity, old: old)
                    : context.attribute(property, of: entity, old: old)
                switch outcome {
                case .success(let value?):
                    values[destination, default: [:]][property.name] = value
                    run.append(property.description)
                case .success(nil):
                    // A relationship mapping other than Xcode's generated one is carried by the engine's own
                    // carrying of the relationship (the same links): it was run too.
                    if property.isRelationship, !property.expression.isSourceProperty {
                        run.append(property.description)
                    }
                case .failure(let refusal): stops.append("\(destination).\(property): \(refusal)")
                }
            }
        }
        for entity in from.entities where !mapped.contains(entity.name) && to.entitiesByName[entity.name] != nil {
            reasons.append(
                "\(entity.name) has no entity mapping, so Core Data does not carry its rows over, which the dry run does not mimic"
            )
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
            default: reasons.append("Strata's engine cannot make \(change)")
            }
        }
        let stopping = outcomes.filter { !$0.stops.isEmpty }
        guard stopping.isEmpty && reasons.isEmpty else {
            let first = stopping.first.map { "entity mapping \($0.mapping.name) \($0.stops[0])" } ?? reasons[0]
            let blocker = stopping.first.map { "entity mapping \($0.mapping.name)" } ?? "the step"
            let notes = outcomes.map { outcome in
                let label = "entity mapping \(outcome.mapping.name)\(outcome.mapping.type.map { " (\($0))" } ?? "")"
                let wouldRun = outcome.run.isEmpty ? "" : "; it would run \(outcome.run.joined(separator: ", "))"
                guard !outcome.stops.isEmpty else {
                    return "\(label): not run here, as \(blocker) stops the step\(wouldRun)"
                }
                let policy = outcome.mapping.policyClass.map { " runs policy \($0)" } ?? ""
                let why =
                    outcome.mapping.runsAppCode
                    ? "" : ": \(outcome.stops.joined(separator: "; "))"
                return "\(label)\(policy): not run here\(why); \(effect(of: outcome.mapping, in: diff))\(wouldRun)"
            }
            let all = stopping.flatMap { outcome in outcome.stops.map { "entity mapping \(outcome.mapping.name) \($0)" }
            }
            let description = ([first] + (all.dropFirst() + reasons).filter { $0 != first }).joined(separator: "; ")
            return .failure(Refusal(description, notes: notes))
        }
        let notes = outcomes.map { outcome in
            "entity mapping \(outcome.mapping.name)\(outcome.mapping.type.map { " (\($0))" } ?? ""): run here"
                + (outcome.run.isEmpty ? "" : ": " + outcome.run.joined(separator: ", "))
        }
        return .success(MappingModelRun(values: values, notes: notes))
    }

    /// "its effect on Task.priority is not checked": the properties of the mapping's entity the step changes.
    static func effect(of entityMapping: MappingModel.EntityMapping, in diff: SchemaDiff) -> String {
        let entity = entityMapping.destination ?? entityMapping.source ?? ""
        let touched = diff.changes.filter { $0.entity == entity }.map { change in
            change.property.map { "\(entity).\($0)" } ?? entity
        }
        var seen: Set<String> = []
        let names = touched.filter { seen.insert($0).inserted }
        return names.isEmpty
            ? "its effect on \(entity)'s rows is not checked"
            : "its effect on \(names.joined(separator: ", ")) is not checked"
    }

    /// Why a mapping model's step cannot run here.
    struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The reasons, naming the mapping, class or expression.
        let description: String
        /// One line per entity mapping: what stops it, or what it would run.
        let notes: [String]

        init(_ description: String, notes: [String] = []) {
            self.description = description
            self.notes = notes
        }
    }
}

/// Evaluates the value expressions of one mapping model's property mappings into the engine's mapped values.
private struct Context {
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

    /// The mapped value of a relationship mapping: a to-one relationship's key column, nil when the engine's own
    /// carrying of the relationship is what the mapping says, or why it is not run.
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
                // A to-many whose inverse is to-one is stored as the inverse's keys, which the inverse's own mapping
                // carries (Core Data sets both sides of a relationship).
                if let inverse = relationship.inverse,
                    let other = to.entitiesByName[relationship.destination]?.relationship(named: inverse),
                    !other.isToMany, toMany
                {
                    return .success(nil)
                }
                // The engine moves a to-many relationship's links only onto the relationship the versions pair.
                guard toMany, let source, source == paired?.name,
                    diff.isSameDestination(paired?.destination ?? "", relationship.destination)
                else {
                    return .failure(
                        refusal(
                            "fills the to-many \(relationship.name) from \(source ?? "an expression"), which Strata carries only from the relationship the two versions pair (\(paired?.name ?? "none"))"
                        ))
                }
                return .success(nil)
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
        case (.variable("entityPolicy"), "destinationInstancesForSourceRelationshipNamed:sourceInstances:"):
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
        return .success(.objects(value, destination: destination, toMany: toMany, source: source))
    }

    private func refusal(_ text: String) -> MappingModelRun.Refusal { MappingModelRun.Refusal(text) }
}
