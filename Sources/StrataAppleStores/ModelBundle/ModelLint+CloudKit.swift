import Strata

extension ModelLint {
    /// The rules of a CloudKit-synced model (`CloudKitRules`, the same as for a SwiftData app's sources) at their
    /// elements in the `contents` XML: the attribute or relationship, else the entity, else the version's first line.
    func cloudKitFindings() -> [ModelFinding] {
        let versions = plan.bundle.versions
        return CloudKitRules.findings(inPlan: plan.schemas).compactMap { index, finding in
            guard index < versions.count else { return nil }
            let version = versions[index]
            let entity = version.entity(named: finding.entity)
            let line =
                finding.property.flatMap { name in
                    entity?.attributes.first { $0.name == name }?.line
                        ?? entity?.relationships.first { $0.name == name }?.line
                } ?? entity?.line ?? 1
            return ModelFinding(
                file: version.contentsURL.path, line: line, isError: finding.isError,
                message: "CloudKit: " + finding.message)
        }
    }
}
