import Strata

extension FrozenVersions {
    /// Records the versions of `plan` up to `draft`'s shipped one (those not recorded yet): what `next-version
    /// --frozen FILE --write` adds to the record, so that the next run knows the new version is still in progress.
    /// Returns the identifiers recorded.
    package mutating func recordShipped(_ draft: NextVersionDraft, in plan: SourcePlan) -> [String] {
        guard let last = plan.versions.firstIndex(where: { $0.name == draft.shipped.name }) else { return [] }
        return plan.versions[...last].filter { record($0) }.map { $0.schema.version.label }
    }
}
