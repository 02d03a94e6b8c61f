import Strata

/// The stage `strata next-version` writes between the shipped version and the new one: lightweight when the core's
/// classification says every change is, otherwise a custom stage with code for each change that needs it (a value
/// filled, converted or kept), or a refusal naming the flag that supplies the decision.
struct StageCode {
    /// What one entity's rows need in the stage.
    private struct EntityWork {
        /// `(attribute, value expression over old)` assignments made in didMigrate.
        var assignments: [(attribute: String, value: String, why: String)] = []
        /// The attributes (old names) whose values must be unique, with the rule keeping one of each group.
        var uniqueness: [(attributes: [String], keep: NextVersionRequest.Keep)] = []
    }

    /// The diff from the shipped version to the new one, renames applied.
    let diff: SchemaDiff
    /// The developer's decisions.
    let request: NextVersionRequest
    /// The stage's name ("migrateV2toV3").
    let name: String
    /// The shipped version's type.
    let fromType: String
    /// The new version's type.
    let toType: String
    /// Each entity's model type in the shipped version, as Swift names it from the plan.
    let oldTypes: [String: String]
    /// Each entity's model type in the new version, as Swift names it from the plan.
    let newTypes: [String: String]

    /// The stage's kind and its declaration (with the declarations it uses), or a refusal.
    func declaration() throws -> (kind: PlannedStage.Kind, text: String) {
        var work: [String: EntityWork] = [:]
        var usedFills: Set<String> = []
        var usedKeeps: Set<String> = []
        let renamed = renames()
        for change in diff.changes {
            let entity = change.entity
            switch change {
            case .attributeAdded(_, let attribute) where !attribute.isOptional && attribute.defaultValue == nil:
                let key = "\(entity).\(attribute.name)"
                guard let fill = request.fills[key] else {
                    throw NextVersionRefusal(
                        "\(key) is a new required attribute without a default: say what existing rows hold with --fill \(key)=EXPRESSION (a Swift expression over the old row `old`), or give it a default"
                    )
                }
                usedFills.insert(key)
                work[entity, default: EntityWork()].assignments.append((attribute.name, fill, "added, required"))
            case .attributeOptionalityChanged(_, let attribute, false) where attribute.defaultValue == nil:
                let key = "\(entity).\(attribute.name)"
                guard let fill = request.fills[key] else {
                    throw NextVersionRefusal(
                        "\(key) is made required: say what rows holding nil get with --fill \(key)=EXPRESSION, or give it a default"
                    )
                }
                usedFills.insert(key)
                let old = renamed[entity]?[attribute.name] ?? attribute.name
                work[entity, default: EntityWork()].assignments.append(
                    (attribute.name, "old.\(old) ?? (\(fill))", "made required"))
            case .attributeTypeChanged(_, let name, let from, let to):
                let key = "\(entity).\(name)"
                let old = renamed[entity]?[name] ?? name
                let source = diff.sourceEntity(named: entity)?.attribute(named: old)
                let target = diff.to.entitiesByName[entity]?.attribute(named: name)
                let fill = request.fills[key]
                if fill != nil { usedFills.insert(key) }
                if !change.classification.isLightweightCapable || from.shapeDifferences(to: to) == nil {
                    let value = try Self.converted(
                        "old.\(old)", from: from, to: to, optional: source?.isOptional ?? false,
                        required: !(target?.isOptional ?? true), fill: fill, key: key)
                    work[entity, default: EntityWork()].assignments.append((name, value, "\(from) to \(to)"))
                }
            case .uniqueAdded(_, let name):
                usedKeeps.insert(entity)
                try work[entity, default: EntityWork()].uniqueness.append(
                    (
                        [renamed[entity]?[name] ?? name],
                        keep(entity, "\(entity).\(name)", "\(entity).\(name) is made unique")
                    ))
            case .uniquenessAdded(_, let names):
                usedKeeps.insert(entity)
                try work[entity, default: EntityWork()].uniqueness.append(
                    (
                        names.map { renamed[entity]?[$0] ?? $0 },
                        keep(
                            entity, "\(entity).\(names[0])",
                            "\(entity) is made unique by (\(names.joined(separator: ", ")))")
                    ))
            default:
                if case .custom(let reason, let fix) = change.classification {
                    throw NextVersionRefusal(
                        "Strata writes no code for \(change): \(reason); \(fix), then write the stage by hand")
                }
            }
        }
        if let unused = Set(request.fills.keys).subtracting(usedFills).sorted().first {
            throw NextVersionRefusal("--fill \(unused): no change of \(unused) needs a value")
        }
        if let unused = Set(request.keeps.keys).subtracting(usedKeeps).sorted().first {
            throw NextVersionRefusal("--keep \(unused).…: no uniqueness is added to \(unused)")
        }
        let lightweight =
            "static let \(name) = MigrationStage.lightweight(fromVersion: \(fromType).self, toVersion: \(toType).self)"
        guard !work.isEmpty else { return (.lightweight, lightweight) }
        return (.custom, custom(work))
    }

    /// The stage's name between two version types: "migrateV2toV3" for NotesSchemaV2 and NotesSchemaV3 (the number
    /// at the end of each name, or the whole name without one).
    static func name(from: String, to: String) -> String {
        func short(_ name: String) -> String {
            let digits = String(name.reversed().prefix { $0.isNumber }.reversed())
            return digits.isEmpty ? name : "V\(digits)"
        }
        return "migrate\(short(from))to\(short(to))"
    }

    /// The `--keep` rule for `entity`, or a refusal naming the flag.
    private func keep(_ entity: String, _ subject: String, _ what: String) throws -> NextVersionRequest.Keep {
        guard let keep = request.keeps[entity] else {
            throw NextVersionRefusal(
                "\(what): say which row of each group of duplicates stays with --keep \(subject)=first or --keep \(subject)=last (optionally :ORDER_BY, an attribute of the old rows)"
            )
        }
        return keep
    }

    /// Each entity's renamed attributes, old name by new name.
    private func renames() -> [String: [String: String]] {
        var renamed: [String: [String: String]] = [:]
        for case .attributeRenamed(let entity, let from, let to) in diff.changes {
            renamed[entity, default: [:]][to.name] = from
        }
        return renamed
    }

    /// The custom stage: duplicates removed in willMigrate, values computed from the old rows there and set on the new
    /// rows in didMigrate (by persistent identifier: the same row in both).
    private func custom(_ work: [String: EntityWork]) -> String {
        let entities = work.keys.sorted()
        var will: [String] = []
        var did: [String] = []
        var statics: [String] = []
        if work.values.contains(where: { !$0.assignments.isEmpty }) {
            will.append(
                """
                func setting<Model, Value>(
                    _ keyPath: ReferenceWritableKeyPath<Model, Value>, _ value: Value
                ) -> (Model) -> Void {
                    { $0[keyPath: keyPath] = value }
                }
                """)
        }
        for entity in entities {
            let (old, new) = (oldTypes[entity] ?? entity, newTypes[entity] ?? entity)
            let entityWork = work[entity]!
            for (attributes, keep) in entityWork.uniqueness {
                let sort = keep.orderBy.map { "sortBy: [SortDescriptor(\\.\($0))]" } ?? ""
                let key = attributes.map { "String(describing: old.\($0))" }.joined(separator: ", ")
                will.append(
                    """
                    // \(entity): keep the \(keep.last ? "last" : "first") of each group of duplicates of (\(attributes.joined(separator: ", ")))\(keep.orderBy.map { " by \($0)" } ?? "")
                    var seen\(entity): Set<[String]> = []
                    for old in try context.fetch(FetchDescriptor<\(old)>(\(sort)))\(keep.last ? ".reversed()" : "") {
                        if !seen\(entity).insert([\(key)]).inserted { context.delete(old) }
                    }
                    try context.save()
                    """)
            }
            guard !entityWork.assignments.isEmpty else { continue }
            let pending = "pending\(name.prefix(1).uppercased() + name.dropFirst())\(entity)"
            statics.append(
                "nonisolated(unsafe) private static var \(pending): [PersistentIdentifier: [(\(new)) -> Void]] = [:]")
            let sets = entityWork.assignments.map {
                "    // \(entity).\($0.attribute): \($0.why)\n    \(pending)[old.persistentModelID, default: []].append(setting(\\\(new).\($0.attribute), \($0.value)))"
            }
            will.append(
                """
                for old in try context.fetch(FetchDescriptor<\(old)>()) {
                \(sets.joined(separator: "\n"))
                }
                """)
            did.append(
                """
                for new in try context.fetch(FetchDescriptor<\(new)>()) {
                    for set in \(pending).removeValue(forKey: new.persistentModelID) ?? [] { set(new) }
                }
                """)
        }
        func closure(_ label: String, _ statements: [String]) -> String {
            guard !statements.isEmpty else { return "\(label): nil" }
            let body = VersionText.indented(
                (statements + ["try context.save()"]).joined(separator: "\n"), by: "        ")
            return "\(label): { context in\n\(body)\n    }"
        }
        let stage = """
            static let \(name) = MigrationStage.custom(
                fromVersion: \(fromType).self,
                toVersion: \(toType).self,
                \(closure("willMigrate", will)),
                \(closure("didMigrate", did))
            )
            """
        return ([stage] + statics).joined(separator: "\n\n")
    }

    /// The expression converting `value` (of type `from`, optional when `optional`) to `to`: the common conversions
    /// between String, Int, Double, Bool, Date, UUID and raw-value enums, `fill` where one fails or none is known.
    static func converted(
        _ value: String, from: ValueType, to: ValueType, optional: Bool, required: Bool, fill: String?, key: String
    ) throws -> String {
        guard case (let body, let failable)? = conversion(from: from, to: to) else {
            guard let fill else {
                throw NextVersionRefusal(
                    "\(key) changes type from \(from) to \(to) and Strata knows no conversion: give the new value with --fill \(key)=EXPRESSION (over the old row `old`)"
                )
            }
            return fill
        }
        let converted =
            optional
            ? "\(value).\(failable ? "flatMap" : "map") { \(body("$0")) }"
            : body(value)
        guard required, optional || failable else { return converted }
        guard let fill else {
            throw NextVersionRefusal(
                "\(key) changes type from \(from) to \(to) and some old values may not convert: say what they become with --fill \(key)=EXPRESSION (over the old row `old`)"
            )
        }
        return "\(converted) ?? (\(fill))"
    }

    /// The conversion of a value between two stored types, as a function of the value's expression, and whether it
    /// can fail; nil for a pair Strata knows no conversion for.
    static func conversion(from: ValueType, to: ValueType) -> ((String) -> String, failable: Bool)? {
        switch (from, to) {
        case (.rawRepresentable(_, let raw), _):
            let same: ((String) -> String, failable: Bool) = ({ $0 }, false)
            guard let rest = raw == to ? same : conversion(from: raw, to: to) else { return nil }
            return ({ rest.0("\($0).rawValue") }, rest.failable)
        case (_, .rawRepresentable(_, let raw)):
            let same: ((String) -> String, failable: Bool) = ({ $0 }, false)
            guard let first = from == raw ? same : conversion(from: from, to: raw) else { return nil }
            return ({ ".init(rawValue: \(first.0($0)))" }, true)
        case (.uuid, .string): return ({ "\($0).uuidString" }, false)
        case (.date, .string): return ({ "\($0).ISO8601Format()" }, false)
        case (.int, .string), (.double, .string), (.bool, .string): return ({ "String(\($0))" }, false)
        case (.string, .int): return ({ "Int(\($0))" }, true)
        case (.string, .double): return ({ "Double(\($0))" }, true)
        case (.string, .bool): return ({ "Bool(\($0))" }, true)
        case (.string, .uuid): return ({ "UUID(uuidString: \($0))" }, true)
        case (.string, .date): return ({ "(try? Date(\($0), strategy: .iso8601))" }, true)
        case (.int, .double): return ({ "Double(\($0))" }, false)
        case (.double, .int): return ({ "Int(exactly: \($0).rounded())" }, true)
        case (.bool, .int): return ({ "\($0) ? 1 : 0" }, false)
        case (.int, .bool): return ({ "\($0) != 0" }, false)
        default: return nil
        }
    }
}
