/// The steps Core Data takes from one version of a model to a later one in a plan's mode: one jump (a mapping
/// model's when one covers the pair exactly, else inferred) or, progressively, each consecutive pair.
public struct CoreDataPath: Sendable {
    /// The steps, in order.
    public let steps: [CoreDataStep]

    /// The path from version index `from` to `to` of `plan`.
    public init(plan: ModelBundlePlan, from: Int, to: Int) {
        guard from < to else {
            steps = []
            return
        }
        steps =
            plan.progressive
            ? (from..<to).map { CoreDataStep(plan: plan, from: $0, to: $0 + 1) }
            : [CoreDataStep(plan: plan, from: from, to: to)]
    }

    /// The first step Core Data cannot take: no mapping model and a change it cannot infer (error 134140).
    public var blocked: CoreDataStep? { steps.first { $0.mapping == nil && !$0.canInfer } }
}
