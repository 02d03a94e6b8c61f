internal import GRDB

/// A stage the engine will run: its kind, the two schemas, their diff, and the plan's closures if any.
public struct PlannedStage: Sendable, CustomStringConvertible {
    /// How the stage came about.
    public enum Kind: String, Sendable, Codable {
        /// A `.lightweight` stage of the plan.
        case lightweight
        /// A `.custom` stage of the plan.
        case custom
        /// A lightweight stage the engine inferred where the plan has none (as SwiftData does).
        case inferred
    }

    /// How the stage came about.
    public let kind: Kind
    /// The schema the store is at before the stage.
    public let from: Schema
    /// The schema the store is at after the stage.
    public let to: Schema
    /// The changes the stage makes.
    public let diff: SchemaDiff
    /// The plan's stage (nil when inferred).
    public let stage: MigrationStage?
    /// Why the stage, custom and without code, is not run, when the plan says (a Core Data mapping model's policy, a
    /// build that failed; see ``ValidatedPlan/lackingCode(because:)``); nil for ``uncompiledReason``.
    public var notRunReason: String?
    /// Where attributes take their values from when the plan says (by entity, then attribute): the entity is rebuilt
    /// and each attribute named here is filled from its `MappedValue` instead of by the diff's rules.
    package var mappedValues: [String: [String: MappedValue]] = [:]
    /// Entities the stage makes from another entity's rows when the plan says (a Core Data entity mapping from a
    /// source entity to an entity the source version has not): by entity made, the rows each of which makes one row,
    /// under the same key, filled from its `mappedValues`.
    package var rowSources: [String: RowSource] = [:]
    /// Why the step cannot be taken at all, when the plan says so (Core Data's 134140: no mapping model, and a change
    /// it cannot infer): reaching the stage fails with ``MigrationError/stepImpossible(stage:reason:)``, touching
    /// nothing.
    public var impossible: String?

    /// True for a custom stage declared without its closures (a plan read from sources without compiling them):
    /// running only its structural change would not be what the app does, so tools mark it "not run".
    public var lacksCode: Bool { kind == .custom && stage == nil }

    /// Why a stage that `lacksCode` is not run, when nothing more specific is known (the sources were read, not built).
    public static let uncompiledReason = "its code was read from the sources, not compiled"

    /// Why the stage, when it `lacksCode`, is not run: the plan's reason, else ``uncompiledReason``.
    public var whyNotRun: String { notRunReason ?? Self.uncompiledReason }

    /// Which stage it is: its two versions.
    public var id: StageID { StageID(from: from.version, to: to.version) }

    /// "1.0.0 -> 2.0.0".
    public var title: String { id.description }

    /// "custom 2.0.0 -> 3.0.0".
    public var description: String { "\(kind.rawValue) \(title)" }

    /// The steps and SQL the stage will run (a custom stage drops removed columns only after `didMigrate`, so it
    /// can still read them).
    public var steps: [MigrationStep] { structuralPlan.steps }

    /// The plan of the stage's structural change.
    var structuralPlan: StructuralPlan {
        StructuralPlan(
            from: from, to: to, diff: diff, isCustom: kind == .custom,
            supportsDropColumn: StructuralPlan.sqliteSupportsDropColumn, mappedValues: mappedValues,
            rowSources: rowSources)
    }

    /// The plan's `willMigrate`, if any.
    var willMigrate: ((ModelContext) throws -> Void)? {
        if case .custom(_, _, let will, _)? = stage { return will }
        return nil
    }

    /// The plan's `didMigrate`, if any.
    var didMigrate: ((ModelContext) throws -> Void)? {
        if case .custom(_, _, _, let did)? = stage { return did }
        return nil
    }
}

extension PlannedStage {
    /// True when `finding` counts values or links of a removed property that the stage's mapped values read, or
    /// rows of a removed entity that other entities are made from, so they go on under another property or entity
    /// instead of being lost.
    func carries(_ finding: DataFinding) -> Bool {
        if finding.kind == .rowsDropped, finding.property == nil {
            return rowSources.values.contains { $0.entity == finding.entity && $0.isEveryRow }
        }
        guard finding.kind == .valuesDropped || finding.kind == .linksDropped, let property = finding.property else {
            return false
        }
        return carriedProperties.contains("\(finding.entity).\(property)")
    }

    /// The properties of the source version ("Entity.property") whose values or links the mapped values take on: each
    /// value's source property, and for a relationship its inverse too (the same links, seen from the other side).
    private var carriedProperties: Set<String> {
        var carried: Set<String> = []
        for (entity, values) in mappedValues {
            let source = diff.sourceEntity(named: entity)?.name ?? rowSources[entity]?.entity ?? entity
            for value in values.values {
                let read: (entity: String, property: String)
                if case .linkOwner(let owner, let relationship) = value {
                    read = (owner, relationship)
                } else if let property = value.sourceProperty {
                    read = (source, property)
                } else {
                    continue
                }
                carried.insert("\(read.entity).\(read.property)")
                if let relationship = from.entitiesByName[read.entity]?.relationship(named: read.property),
                    let inverse = relationship.inverse
                {
                    carried.insert("\(relationship.destination).\(inverse)")
                }
            }
        }
        return carried
    }
}
