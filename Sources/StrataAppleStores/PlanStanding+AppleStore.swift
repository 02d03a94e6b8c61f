import Strata

extension PlanStanding {
    /// Relates a SwiftData or Core Data store's embedded model to a plan's versions: equal to a version when nothing
    /// but default values differs (Apple stores record defaults only as samples), composite attributes compared with
    /// the app's Codable types as `AppleStore.schema(alignedWith:)` does.
    package init(store: AppleStore, versions: [Schema]) {
        self.init(
            versions: versions, recorded: store.defaultVersion, entities: Set(store.model.entities.map(\.name)),
            isEqual: { _, differences in differences.isEmpty },
            differences: { SchemaDiff(from: store.schema(alignedWith: $0), to: $0).changesBesideDefaults })
    }
}
