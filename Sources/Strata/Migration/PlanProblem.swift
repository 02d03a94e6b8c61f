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

    /// What the problem is about.
    public let subject: Subject
    /// What is wrong and how to fix it.
    public let description: String
    /// True for a problem SwiftData meets only when the stage runs (a lightweight stage holding a change it cannot
    /// make): the stage stays in the plan, so a dry run can run the plan to it and show it fail with the data.
    public var failsOnlyWhenRun = false
}
