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
            ? (from..<to).map { plan.step(from: $0, to: $0 + 1) }
            : [plan.step(from: from, to: to)]
    }

    /// The first step Core Data cannot take: no mapping model and a change it cannot infer (error 134140).
    public var blocked: CoreDataStep? { steps.first { $0.mapping == nil && !$0.canInfer } }

    /// The mapping models a store at version `from` never runs in Core Data's default single jump to `to` while the
    /// chain would: Core Data looks for a mapping model from the store's version straight to the current one and
    /// otherwise infers that jump, so the chain's mapping models (and their policies' work) are skipped.
    public static func mappingsSkippedByTheJump(in plan: ModelBundlePlan, from: Int, to: Int) -> [MappingModel] {
        let jump = CoreDataPath(plan: plan.inMode(progressive: false), from: from, to: to)
        guard jump.blocked == nil, jump.steps.first?.mapping == nil else { return [] }
        return CoreDataPath(plan: plan.inMode(progressive: true), from: from, to: to).steps.compactMap(\.mapping)
    }

    /// "a store at Model 10 migrates in one inferred jump to Model 13; mapping model V10toV11 (Model 10 -> Model 11)
    /// and its policies are not used: what it does to Sample is not done".
    public static func skippedMappingWarning(_ mapping: MappingModel, storeAt name: String, current: String) -> String {
        let touched = mapping.entityMappings.filter { $0.type?.lowercased() != "copy" || $0.policyClass != nil }
            .compactMap { $0.destination ?? $0.source }
        let entities = touched.isEmpty ? "the rows" : touched.joined(separator: ", ")
        return
            "a store at \(name) migrates in one inferred jump to \(current); mapping model \(mapping.name) (\(mapping.source) -> \(mapping.destination)) and its policies are not used: what it does to \(entities) is not done (migrate progressively if it must run)"
    }
}
