import Foundation

/// Schemas built for model objects used before they are inserted, one per model type, made once.
enum StandaloneSchemas {
    private static let cache = Cache()

    /// The mapping of a model type within the schema its relationships reach.
    static func mapping(for type: any PersistentModel.Type) -> EntityMapping {
        cache.mapping(for: type)
    }

    // Safe: `mappings` is read and written only under `lock`.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var mappings: [ObjectIdentifier: EntityMapping] = [:]

        func mapping(for type: any PersistentModel.Type) -> EntityMapping {
            lock.lock()
            defer { lock.unlock() }
            if let mapping = mappings[ObjectIdentifier(type)] { return mapping }
            let schema = Schema([type])
            let mapping = schema.mapping(for: type) ?? EntityMapping(type: type)
            mappings[ObjectIdentifier(type)] = mapping
            return mapping
        }
    }
}
