import Strata

extension SourceLint {
    /// The rules of a CloudKit-synced app (`CloudKitRules`) at their places: those of one version on the newest
    /// version's models, and the changes after the first synced version at the later version's declarations (the
    /// property, else its model class, else the version).
    func cloudKitFindings() -> [SourceProblem] {
        CloudKitRules.findings(inPlan: plan.versions.map(\.schema)).map { index, finding in
            let version = plan.versions[index]
            let place =
                version.places.location(entity: finding.entity, property: finding.property) ?? version.location
            return SourceProblem(
                place, "CloudKit: " + finding.message, severity: finding.isError ? "error" : "warning")
        }
    }
}
