import Foundation
import Strata

/// One migration step between two versions of a Core Data model, judged by Core Data's rules for inferred
/// (lightweight) mappings: what it infers, what depends on the rows, and what needs a mapping model.
///
/// The rules are Apple's ("Migrating your data model automatically"; the archived Core Data Model Versioning guide,
/// "Lightweight Migration"): adding and removing attributes, relationships and entities, optional to required with a
/// default, renames through renaming identifiers, to-one and to-many, ordered, and moving properties within a
/// hierarchy are inferred; changing an attribute's type and merging two hierarchies are not. An inferred mapping can
/// still fail on the rows (error 134110 for a missing required value, 134111 for a uniqueness violation).
public struct CoreDataStep: Sendable {
    /// The index of the version the step starts from.
    public let from: Int
    /// The index of the version it leads to.
    public let to: Int
    /// The name of the version the step starts from.
    public let fromName: String
    /// The name of the version the step leads to.
    public let toName: String
    /// Strata's diff of the two versions' schemas.
    public let diff: SchemaDiff
    /// The mapping model covering exactly this pair, when the bundle has one.
    public let mapping: MappingModel?
    /// Core Data's verdict on each change.
    public let verdicts: [CoreDataVerdict]
    /// What the dry run carries out of the mapping model covering the step, or why it cannot (nil without one).
    let mappingRun: Result<MappingModelRun, MappingModelRun.Refusal>?

    /// Judges the step from version `from` to version `to` of `plan` (indexes into its versions).
    public init(plan: ModelBundlePlan, from: Int, to: Int) {
        self.from = from
        self.to = to
        let old = plan.bundle.versions[from]
        let new = plan.bundle.versions[to]
        fromName = old.name
        toName = new.name
        let diff = SchemaDiff(from: plan.schemas[from], to: plan.schemas[to])
        let mapping = plan.usableMappings.first { $0.from == from && $0.to == to }?.mapping
        self.diff = diff
        self.mapping = mapping
        verdicts = CoreDataRules(old: old, new: new, diff: diff).verdicts
        mappingRun = mapping.map {
            MappingModelRun.plan($0, from: plan.schemas[from], to: plan.schemas[to], diff: diff)
        }
    }

    /// True when the dry run carries out the mapping model covering the step (every entity mapping a Copy, Add,
    /// Remove or Transform without a policy class, with expressions it evaluates).
    public var runsMapping: Bool {
        if case .success? = mappingRun { return true }
        return false
    }

    /// True when Core Data can infer the mapping (every change inferred, some perhaps depending on the rows).
    public var canInfer: Bool { !verdicts.contains { $0.kind == .needsMapping } }

    /// The verdicts whose success depends on the rows: none when a mapping model covers the step, since Core Data then
    /// runs the mapping model, not the inferred mapping these conditions come from (`mappingNotes` says what is
    /// not checked instead).
    public var dataDependent: [CoreDataVerdict] { mapping == nil ? verdicts.filter { $0.condition != nil } : [] }

    /// What of the mapping model covering the step the dry run runs, one line per entity mapping ("entity mapping
    /// TaskToTask (Transform): run here: priority = $source.level"), or, when it cannot run here, what it does that
    /// is neither run nor checked ("entity mapping PointToPoint (Transform) runs policy RoutePolicy: not run here;
    /// its effect on Point.route is not checked"). Empty for an inferred step.
    public var mappingNotes: [String] {
        guard let mapping else { return [] }
        switch mappingRun {
        case .success(let run)?: return run.notes
        case .failure(let refusal)? where !refusal.notes.isEmpty: return refusal.notes
        default:
            return mapping.entityMappings.map { entityMapping in
                let kind = entityMapping.type.map { " (\($0))" } ?? ""
                let policy = entityMapping.policyClass.map { " runs policy \($0)" } ?? ""
                return
                    "entity mapping \(entityMapping.name)\(kind)\(policy): not run here; \(MappingModelRun.effect(of: entityMapping, in: diff))"
            }
        }
    }

    /// Changes only Core Data's version hashes see (Strata stores both versions alike).
    package var hashOnlyChanges: [CoreDataVerdict] { verdicts.filter(\.isHashOnly) }
}

/// Core Data's verdict on one change of a step.
public struct CoreDataVerdict: Sendable, CustomStringConvertible {
    /// What Core Data does with the change.
    public enum Kind: String, Sendable {
        /// The inferred mapping does it.
        case inferred
        /// No inferred mapping can: a mapping model is needed (134140 without one).
        case needsMapping = "needs a mapping model"
    }

    /// What the rows must satisfy for the inferred mapping to succeed, and Core Data's error when they do not.
    public enum Condition: Sendable, Equatable, CustomStringConvertible {
        /// The entity must have no rows (a new required attribute or relationship without a default): 134110.
        case noRows(entity: String)
        /// No row may lack a value of the attribute (made required without a default): 134110.
        case noNulls(entity: String, attribute: String)
        /// No two rows may share the values (a new uniqueness constraint): 134111. CoreDataErrors.h names it
        /// NSMigrationConstraintViolationError, "migration failed due to a violated uniqueness constraint"; public
        /// apps that handle it see the SQLite store's in-place migration report it as NSCocoaErrorDomain 134110 with
        /// the reason "Cannot migrate store in-place: constraint violation during attempted migration" (SQLite's
        /// "UNIQUE constraint failed: ZTABLE.ZCOLUMN" underneath) and check for both codes. Rows whose values are
        /// NULL never clash, as in SQLite's unique index.
        case noDuplicates(entity: String, attributes: [String])

        /// Core Data's error code when the condition fails.
        public var errorCode: Int {
            if case .noDuplicates = self { return 134111 }
            return 134110
        }

        /// Core Data's error when the condition fails.
        public var error: String {
            switch self {
            case .noRows, .noNulls:
                return
                    "134110 NSMigrationError: \"Validation error missing attribute values on mandatory destination attribute\""
            case .noDuplicates:
                return
                    "134111 NSMigrationConstraintViolationError (in place: 134110 \"Cannot migrate store in-place: constraint violation during attempted migration\")"
            }
        }

        /// "fails with … when Task has rows".
        public var description: String {
            switch self {
            case .noRows(let entity): "fails with \(error) when \(entity) has rows"
            case .noNulls(let entity, let attribute): "fails with \(error) when a row of \(entity) has no \(attribute)"
            case .noDuplicates(let entity, let attributes):
                "fails with \(error) when rows of \(entity) share \(attributes.joined(separator: ", "))"
            }
        }
    }

    /// The change as Strata describes it ("Task.title added (String, required, no default)").
    public let change: String
    /// The entity concerned.
    public let entity: String
    /// What Core Data does.
    public let kind: Kind
    /// What the rows must satisfy, for an inferred change that depends on them.
    public let condition: Condition?
    /// Why, and what Strata's dry run does differently when it does.
    public let explanation: String
    /// True for a change only Core Data's version hashes see.
    public let isHashOnly: Bool
    /// The `contents` file and line of the element concerned (in the newer version; the older for a removal).
    public let file: URL?
    /// The line in `file`.
    public let line: Int?

    /// "Task.title added (…): inferred; fails with 134110 … when Task has rows".
    public var description: String {
        var text = "\(change): \(kind.rawValue)"
        if let condition { text += "; \(condition)" }
        if !explanation.isEmpty { text += " (\(explanation))" }
        return text
    }
}
