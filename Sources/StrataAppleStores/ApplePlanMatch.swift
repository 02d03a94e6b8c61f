import Strata

/// How a SwiftData or Core Data store's embedded model relates to a plan's versions: the version it equals
/// (default values aside, which Apple stores record only as samples, and composite attributes compared with the
/// app's Codable types as `AppleStore.schema(alignedWith:)` does), or the closest one and what differs.
public struct ApplePlanMatch: Sendable {
    /// The plan version the model equals, if one.
    public let equal: Schema?
    /// The plan version with the fewest differences from the model (the equal one when there is one).
    public let closest: Schema?
    /// What differs from the model to `closest` (empty when it is equal).
    public let differences: [SchemaChange]

    /// Compares the model of `store` with each of `versions`.
    public init(store: AppleStore, versions: [Schema]) {
        let differences = versions.map {
            SchemaDiff(from: store.schema(alignedWith: $0), to: $0).changesBesideDefaults
        }
        let best = differences.indices.min { differences[$0].count < differences[$1].count }
        closest = best.map { versions[$0] }
        self.differences = best.map { differences[$0] } ?? []
        equal = self.differences.isEmpty ? closest : nil
    }
}
