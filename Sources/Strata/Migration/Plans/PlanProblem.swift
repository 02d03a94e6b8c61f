/// A problem a plan check found, with what it is about, so that a plan read from sources can point at the place.
public struct PlanProblem: Hashable, Sendable, CustomStringConvertible {
    /// What a problem is about: the plan, one of its schemas (by index), or one of its stages (by index).
    public enum Subject: Hashable, Sendable {
        /// The plan as a whole.
        case plan
        /// The schema at this index of the plan's schemas; `problem` is the schema's own message when it is one.
        case schema(Int, problem: String?)
        /// The stage at this index of the plan's declared stages.
        case stage(Int)
    }

    /// Which rule a problem breaks: a stable identity for code and scripts (the JSON's `kind`), where the description
    /// is for people and may be reworded.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The plan lists no schemas.
        case noSchemas = "no-schemas"
        /// A schema's models have a mistake of their own.
        case schemaModels = "schema-models"
        /// Two schemas share a version identifier.
        case duplicateVersion = "duplicate-version"
        /// Two schemas are identical (SwiftData's "Duplicate version checksums").
        case identicalSchemas = "identical-schemas"
        /// An entity's `originalName` is ambiguous between two versions.
        case entityRename = "entity-rename"
        /// A stage goes from a version to itself.
        case stageToItself = "stage-to-itself"
        /// A stage names a version the plan does not list.
        case unlistedVersion = "unlisted-version"
        /// A lightweight stage holds a change it cannot make.
        case lightweightNeedsCode = "lightweight-needs-code"
        /// Two stages join the same pair of versions.
        case repeatedStage = "repeated-stage"
    }

    /// Which rule the problem breaks.
    public let kind: Kind
    /// What the problem is about.
    public let subject: Subject
    /// What is wrong and how to fix it.
    public let description: String
    /// True for a problem SwiftData meets only when the stage runs (a lightweight stage holding a change it cannot
    /// make): the stage stays in the plan, so a dry run can run the plan to it and show it fail with the data.
    public var failsOnlyWhenRun = false
}
