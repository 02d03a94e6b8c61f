import Foundation
import GRDB

/// Owns a store and its schema; the place contexts come from. Opening migrates the store when needed.
public final class ModelContainer: @unchecked Sendable {
    /// The schema the container was opened with.
    public let schema: Schema
    /// The configurations given (Strata opens one store: the first).
    public let configurations: [ModelConfiguration]
    /// The migration plan given, if any.
    public let migrationPlan: (any SchemaMigrationPlan.Type)?
    /// The open store.
    let store: StoreConnection
    private let lock = NSLock()
    private var _mainContext: ModelContext?

    /// Opens a container for these model types (and every type their relationships reach).
    public convenience init(
        for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Opens a container for a schema.
    public convenience init(
        for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: ModelConfiguration...
    ) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Opens a container for a schema with a list of configurations.
    public init(
        for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: [ModelConfiguration]
    ) throws {
        guard schema.problems.isEmpty else { throw StrataError.invalidSchema(schema.problems) }
        guard configurations.count <= 1 else {
            throw StrataError.unsupportedConfiguration(
                "Strata keeps all entities of a container in one store; pass one ModelConfiguration (got \(configurations.count))"
            )
        }
        let configuration = configurations.first ?? ModelConfiguration(schema: schema)
        if let subset = configuration.schema {
            let missing = schema.entities.map(\.name).filter { subset.entitiesByName[$0] == nil }
            guard missing.isEmpty else {
                throw StrataError.unsupportedConfiguration(
                    "the configuration's schema lacks \(missing.joined(separator: ", ")); Strata keeps all entities of a container in one store"
                )
            }
        }
        self.schema = schema
        self.configurations = [configuration]
        self.migrationPlan = migrationPlan
        let identifier = configuration.isStoredInMemoryOnly ? "memory:\(configuration.name)" : configuration.url.path
        ConfigurationNotice.tell(configuration, store: identifier)
        let preparer = StorePreparer(identifier: identifier, schema: schema, migrationPlan: migrationPlan)
        // A file is inspected and every refusal thrown before it is opened for writing.
        let decided =
            configuration.isStoredInMemoryOnly ? nil : try preparer.decide(StoreProbe.inspect(configuration.url))
        if case .migrate(let stages)? = decided {
            // Stages run on a single connection, closed before the pool opens, so a failing stage leaves the
            // file byte-identical.
            let migrating = try StoreConnection.open(configuration, single: true)
            let stageContainer = ModelContainer(openStore: migrating, schema: schema, migrationPlan: migrationPlan)
            try preparer.apply(.migrate(stages), store: migrating, container: stageContainer)
        }
        self.store = try StoreConnection.open(configuration)
        if case .migrate? = decided { return }
        let preparation = try decided ?? preparer.decide(StorePreparer.finding(in: store))
        try preparer.apply(preparation, store: store, container: self)
    }

    /// A container over an already open store, for the contexts of migration stages; it prepares nothing.
    init(openStore store: StoreConnection, schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?) {
        self.schema = schema
        self.configurations = [store.configuration]
        self.migrationPlan = migrationPlan
        self.store = store
    }

    /// A context for use by tests, scripts and the main thread; created on first use (any thread may use it, one
    /// at a time). It autosaves (`autosaveEnabled` is true). The container keeps it; it does not keep the container.
    public var mainContext: ModelContext {
        lock.lock()
        defer { lock.unlock() }
        if let context = _mainContext { return context }
        let context = ModelContext(mainOf: self)
        _mainContext = context
        return context
    }
}
