import Strata

/// What Strata's dry run carries out of a mapping model's step: per destination entity, the values its property
/// mappings give, or why the step cannot run here (a policy class, an expression only Core Data or the app evaluates,
/// an entity pairing the versions do not have), with a note per entity mapping saying what was run and what not.
///
/// Core Data runs a mapping model entity mapping by entity mapping (Apple's `NSEntityMigrationPolicy`: create the
/// destination instances, then their relationships): Copy and Transform mappings make one destination object per
/// source object and fill each property from its mapping's value expression; Add mappings create an entity the source
/// has not, Remove mappings drop one; a source entity with no entity mapping is not carried over. A source entity may
/// have several entity mappings, each making its own destination objects (an entity split in two: `PersonToPerson`
/// and `PersonToAddress`); a destination entity made by two is a merge, not run here. The run here is the engine's
/// table rebuild with those values (each destination row keeps its source row's key; an entity the source version
/// has not is made from its source entity's rows), so it is exactly the mapping model's work only when every mapping
/// is of those kinds and maps every source object (no filter predicate).
///
/// The value expressions carried out (docs/APPLE_STORES.md, "Mapping models"):
/// - `$source.key` and key paths `$source.a.b` through to-one relationships (KVC: a missing object gives nil);
/// - constants;
/// - Foundation methods on a value, written as `FUNCTION($source.key, "uppercaseString")` or as the key path's last
///   component (`$source.key.uppercaseString`): `MappedConversion`;
/// - a relationship through `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "XToY",
///   $source.rel)` or `FUNCTION($entityPolicy, "destinationInstancesForSourceRelationshipNamed:sourceInstances:",
///   "rel", $source.rel)`: the destination objects the named (or the related entity's) entity mapping made from the
///   related source objects, which here keep their source rows' keys; `$source` itself gives the objects other entity
///   mappings made from the same source object (the destination rows under the source row's key), and a to-many
///   relationship takes the links of the source relationship named (its to-one inverse, stored in the related rows,
///   with them, as Core Data sets both sides).
struct MappingModelRun: Sendable {
    /// The values the step gives, by destination entity then property.
    let values: [String: [String: MappedValue]]
    /// What was run, one line per entity mapping ("entity mapping TaskToTask (Transform): run here: priority =
    /// $source.level").
    let notes: [String]
    /// The destination entities made from another entity's rows (an entity mapping from a source entity to one
    /// the source version has not, as when one entity is split into two): by entity made, its source entity.
    let rowSources: [String: RowSource]

    /// The run of `mapping` for the step from `from` to `to` whose diff is `diff`, or why it cannot run here.
    static func plan(_ mapping: MappingModel, from: Schema, to: Schema, diff: SchemaDiff) -> Result<Self, Refusal> {
        var values: [String: [String: MappedValue]] = [:]
        var outcomes: [(mapping: MappingModel.EntityMapping, run: [String], stops: [String])] = []
        var mapped: Set<String> = []
        var rowSources: [String: RowSource] = [:]
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
            if entityMapping.hasCustomFetch {
                stops.append("fetches its source objects with an expression of its own, which Strata does not evaluate")
                continue
            }
            if let source = entityMapping.source { mapped.insert(source) }
            guard let destination = entityMapping.destination, let entity = to.entitiesByName[destination] else {
                run.append("\(entityMapping.source ?? "") is not carried over")
                continue
            }
            if let other = outcomes.first(where: { $0.mapping.destination == destination }) {
                stops.append(
                    "makes \(destination) objects as entity mapping \(other.mapping.name) does, a merge Strata does not run"
                )
                continue
            }
            var old = diff.sourceEntity(named: destination)
            if let source = entityMapping.source, old?.name != source {
                // An entity the source version has not, made from a source entity's objects (Core Data creates one
                // destination object per source object): its rows are made from the source rows, under their keys.
                guard old == nil, let made = from.entitiesByName[source] else {
                    stops.append(
                        "maps \(source) to \(destination), which the two versions do not pair (no renaming identifier)"
                    )
                    continue
                }
                guard let rows = Self.rows(of: made, filter: entityMapping.sourceFilter) else {
                    stops.append(
                        "maps only the \(source) objects \"\(entityMapping.sourceFilter ?? "")\" selects, a predicate Strata does not evaluate (it evaluates KEY != nil and KEY == nil)"
                    )
                    continue
                }
                rowSources[destination] = rows
                old = made
                run.append("one \(destination) per \(rows)")
            } else if let filter = entityMapping.sourceFilter {
                stops.append(
                    "maps only the \(entityMapping.source ?? "") objects \"\(filter)\" selects, leaving out the others, which Strata does not run"
                )
                continue
            }
            let context = MappingValueContext(mapping: mapping, from: from, to: to, diff: diff)
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
        // Core Data sets both sides of a relationship: a to-many filled from a source relationship gives its to-one
        // inverse, stored in the related rows, the same links unless the inverse's own mapping gives them.
        for (name, entityValues) in values {
            for (property, value) in entityValues {
                guard case .column(let source) = value, let entity = to.entitiesByName[name],
                    let relationship = entity.relationship(named: property), relationship.isToMany,
                    case .inverseForeignKey(let table, let column) = StoreLayout(schema: to).storage(
                        of: relationship, in: entity),
                    values[table]?[column] == nil,
                    let owner = diff.sourceEntity(named: name)?.name ?? rowSources[name]?.entity
                else { continue }
                values[table, default: [:]][column] = .linkOwner(entity: owner, relationship: source)
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
        return .success(MappingModelRun(values: values, notes: notes, rowSources: rowSources))
    }

    /// The rows of `entity` a filter predicate selects, when it is one the dry run evaluates: none, or tests of
    /// attributes and to-one relationships against nil joined by AND (`image != nil`, `photo == nil AND note != nil`).
    static func rows(of entity: Schema.Entity, filter: String?) -> RowSource? {
        guard let filter else { return RowSource(entity: entity.name) }
        var present: [String] = []
        var absent: [String] = []
        let clauses = filter.replacingOccurrences(of: "&&", with: " AND ")
            .replacingOccurrences(of: " and ", with: " AND ", options: .caseInsensitive).components(
                separatedBy: " AND ")
        for clause in clauses {
            guard
                let match = clause.wholeMatch(
                    of: /\s*([A-Za-z_][A-Za-z0-9_]*)\s*(!=|<>|==|=)\s*(?i:nil|null)\s*/),
                entity.attribute(named: String(match.1)) != nil
                    || entity.relationship(named: String(match.1)).map({ !$0.isToMany }) == true
            else { return nil }
            if match.2 == "!=" || match.2 == "<>" {
                present.append(String(match.1))
            } else {
                absent.append(String(match.1))
            }
        }
        return RowSource(entity: entity.name, present: present, absent: absent)
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
