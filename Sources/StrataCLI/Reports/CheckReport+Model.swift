import Strata
import StrataAppleStores

extension CheckReport {
    /// The report of a Core Data model's plan: the engine's problems (at the model's path), the model lint's
    /// findings and, with a store the app wrote, where Core Data would fail on its rows, as diagnostics, the errors
    /// among them making it invalid, and the Core Data summary.
    /// With `cloudKit`, the rules of a CloudKit-synced model apply even when no version says `usedWithCloudKit`.
    init(model: ModelBundlePlan, store: URL? = nil, cloudKit: Bool = false) throws {
        let checked = model.check()
        let lint = ModelLint(plan: model, cloudKit: cloudKit)
        let findings =
            checked.problems.map {
                ModelFinding(file: model.bundle.url.path, line: 1, isError: true, message: $0)
            } + lint.findings
            + (try store.map { try ModelStoreLint(plan: model, store: $0).findings() } ?? [])
        plan = model.name
        problems = findings.filter(\.isError).map(\.message)
        valid = problems.isEmpty
        diagnostics = findings.map(DiagnosticEntry.init)
        versions = checked.0.schemas.map {
            Version(
                version: $0.version.label, fingerprint: $0.fingerprint,
                entities: $0.entities.map(\.name))
        }
        stages = checked.0.stages.enumerated().map { StageEntry($1, index: $0 + 1) }
        coreData = ModelBundleReport(model)
        if lint.syncsWithCloudKit {
            let marked = model.bundle.versions.filter(\.usedWithCloudKit).map { "\($0.name): usedWithCloudKit=\"YES\"" }
            self.cloudKit = cloudKit ? ["--cloudkit"] : marked
        }
    }
}

extension DiagnosticEntry {
    /// The entry of a model lint finding (column 1: findings point at an XML element's line).
    init(_ finding: ModelFinding) {
        file = finding.file
        line = finding.line
        column = 1
        severity = finding.severity
        message = finding.message
    }
}
