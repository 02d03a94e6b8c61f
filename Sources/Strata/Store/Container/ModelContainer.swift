import Foundation
internal import GRDB

// Safe: the main context, made on first use, is made and read under `lock`; every other property is a `let`.
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
    ///
    /// Where SwiftData fails with a `SwiftDataError` (a store it cannot load, a store newer than the models, a
    /// configuration it refuses), this throws that case, carrying Strata's error as `underlyingError`.
    public init(
        for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: [ModelConfiguration]
    ) throws {
        try Self.check(configurations, of: schema)
        let configuration = configurations.first ?? ModelConfiguration(schema: schema)
        self.schema = schema
        self.configurations = [configuration]
        self.migrationPlan = migrationPlan
        do {
            guard schema.problems.isEmpty else { throw StrataError.invalidSchema(schema.problems) }
            let identifier =
                configuration.isStoredInMemoryOnly ? "memory:\(configuration.name)" : configuration.url.path
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
        } catch {
            throw SwiftDataError.opening(error) ?? error
        }
    }

    /// Refuses configurations as SwiftData does (names no file can have, two naming one store, a schema with
    /// entities the container's lacks), then those Strata cannot serve (more than one store, a schema without
    /// some of the container's entities).
    private static func check(_ configurations: [ModelConfiguration], of schema: Schema) throws {
        if let problem = configurations.lazy.compactMap(\.fileNameProblem).first { throw problem }
        for (index, configuration) in configurations.enumerated() {
            guard
                let other = configurations[..<index].first(where: {
                    $0.name == configuration.name || (!$0.isStoredInMemoryOnly && $0.url == configuration.url)
                })
            else { continue }
            throw SwiftDataError.duplicateConfiguration.carrying(
                StrataError.unsupportedConfiguration(
                    "two configurations name one store (\(other.name.debugDescription) at \(other.url.path)); give each its own name and url"
                ))
        }
        for configuration in configurations {
            let foreign = configuration.schema?.entities.map(\.name).filter { schema.entitiesByName[$0] == nil } ?? []
            guard foreign.isEmpty else {
                throw SwiftDataError.configurationSchemaNotFoundInContainerSchema.carrying(
                    StrataError.unsupportedConfiguration(
                        "the configuration \(configuration.name.debugDescription) has \(foreign.joined(separator: ", ")), which the container's schema lacks; add the models to the container or drop them from the configuration"
                    ))
            }
        }
        guard configurations.count <= 1 else {
            throw StrataError.unsupportedConfiguration(
                "Strata keeps all entities of a container in one store; pass one ModelConfiguration (got \(configurations.count))"
            )
        }
        if let subset = configurations.first?.schema {
            let missing = schema.entities.map(\.name).filter { subset.entitiesByName[$0] == nil }
            guard missing.isEmpty else {
                throw StrataError.unsupportedConfiguration(
                    "the configuration's schema lacks \(missing.joined(separator: ", ")); Strata keeps all entities of a container in one store"
                )
            }
        }
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
