import Foundation
internal import GRDB

extension ModelContext {
    /// The models a descriptor selects, in its order, including unsaved changes of this context.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        try fetch(descriptor, inMemory: false)
    }

    /// How many models a descriptor selects.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        useCheck.enter("fetchCount(_:)", of: useDescription)
        defer { useCheck.leave() }
        try stage?.checkCancelled()
        let plan = try self.plan(descriptor, inMemory: false)
        guard plan.isFullySQL, !hasPendingChanges(plan) else { return try fetch(descriptor).count }
        let (inner, arguments) = plan.select("1", paged: true)
        return try store.read("counting \(plan.mapping.name)") { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(inner))", arguments: arguments) ?? 0
        }
    }

    /// The identifiers of the models a descriptor selects, without loading the models when SQL can answer.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier]
    {
        useCheck.enter("fetchIdentifiers(_:)", of: useDescription)
        defer { useCheck.leave() }
        try stage?.checkCancelled()
        let plan = try self.plan(descriptor, inMemory: false)
        guard plan.isFullySQL, !hasPendingChanges(plan) else { return try fetch(descriptor).map(\.persistentModelID) }
        let (sql, arguments) = plan.select("\(quote(plan.mapping.name)).\(quote(StoreLayout.primaryKey))", paged: true)
        let keys = try store.read("reading \(plan.mapping.name) keys") { db in
            try Int64.fetchAll(db, sql: sql, arguments: arguments)
        }
        return keys.map {
            PersistentIdentifier(entityName: plan.mapping.name, storeIdentifier: store.identifier, primaryKey: $0)
        }
    }

    /// Calls `block` with each selected model, loading `batchSize` rows at a time so memory stays flat.
    public func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, batchSize: Int = 5000, allowEscapingMutations: Bool = false,
        block: (T) throws -> Void
    ) throws {
        useCheck.enter("enumerate(_:batchSize:block:)", of: useDescription)
        defer { useCheck.leave() }
        let plan = try self.plan(descriptor, inMemory: false)
        guard plan.order != nil, !hasPendingChanges(plan) else {
            for (number, model) in try fetch(descriptor).enumerated() {
                // A stage's closure stops within a thousand rows of a cancel.
                if number % 1024 == 1023 { try stage?.checkCancelled() }
                try block(model)
            }
            return
        }
        let size = max(batchSize, 1)
        var skipped = 0
        var delivered = 0
        var offset = 0
        var lastKey: Int64?
        let byKey = descriptor.sortBy.isEmpty
        let skip = max(descriptor.fetchOffset ?? 0, 0)
        let limit = descriptor.appliedLimit ?? .max
        while delivered < limit {
            try stage?.checkCancelled()
            // A reader per batch: in didMigrate, it reads along the old columns the last batch asked for.
            let reader = RowReader(context: self, mapping: plan.mapping, feedingOldColumns: true)
            // Ordered by key, each batch starts after the last key seen; otherwise it pages by offset.
            var (sql, arguments) = plan.select(
                reader.selection, paged: false, after: byKey ? lastKey : nil, limit: size)
            if !byKey { sql += " OFFSET \(offset)" }
            let objects = try store.read("reading \(plan.mapping.name)") { db in
                try reader.objects(db, sql: sql, arguments: arguments, as: T.self)
            }
            offset += objects.count
            lastKey = objects.last?._strataBackingData.primaryKey
            try prefetch(
                descriptor.relationshipKeyPathsForPrefetching, of: objects.first?._strataBackingData.faultGroup,
                plan.mapping)
            for model in objects {
                if !plan.predicateInSQL, let predicate = descriptor.predicate, try !predicate.evaluate(model) {
                    continue
                }
                if skipped < skip {
                    skipped += 1
                    continue
                }
                try block(model)
                delivered += 1
                if delivered >= limit { break }
            }
            if objects.count < size { break }
        }
    }

    /// The fetch, with `inMemory` forcing predicates and sorts to run in Swift (tests compare both paths).
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, inMemory: Bool) throws -> [T] {
        useCheck.enter("fetch(_:)", of: useDescription)
        defer { useCheck.leave() }
        try stage?.checkCancelled()
        let plan = try self.plan(descriptor, inMemory: inMemory)
        let reader = RowReader(context: self, mapping: plan.mapping, feedingOldColumns: true)
        let pending = hasPendingChanges(plan)
        let (sql, arguments) = plan.select(reader.selection, paged: plan.isFullySQL && !pending)
        var results = try store.read("fetching \(plan.mapping.name)") { db in
            try reader.objects(db, sql: sql, arguments: arguments, as: T.self)
        }
        try prefetch(
            descriptor.relationshipKeyPathsForPrefetching, of: results.first?._strataBackingData.faultGroup,
            plan.mapping)
        if plan.isFullySQL && !pending { return results }
        if pending {
            results.removeAll { changed.contains($0) || deleted[ObjectIdentifier($0)] != nil }
        }
        if let predicate = descriptor.predicate, !plan.predicateInSQL {
            results = try results.filter { try predicate.evaluate($0) }
        }
        if pending {
            let extra = (changedModelsArray + insertedModelsArray).compactMap { $0 as? T }.filter { !$0.isDeleted }
            results += try extra.filter { try descriptor.predicate?.evaluate($0) ?? true }
        }
        if pending || plan.order == nil {
            results = sortedByKey(results)
            if !descriptor.sortBy.isEmpty { results.sort(using: descriptor.sortBy) }
        }
        let start = min(max(descriptor.fetchOffset ?? 0, 0), results.count)
        let end = descriptor.appliedLimit.map { min(start + $0, results.count) } ?? results.count
        return Array(results[start..<end])
    }

    private func plan<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, inMemory: Bool) throws -> FetchPlan<T> {
        let entity = try mapping(for: T.self)
        return FetchPlan(
            descriptor, mapping: entity, schema: schema, inMemory: inMemory,
            excluding: descriptor.includePendingChanges ? pendingBatchDeletes(of: entity) : [])
    }

    private func hasPendingChanges<T>(_ plan: FetchPlan<T>) -> Bool {
        guard plan.descriptor.includePendingChanges else { return false }
        let name = plan.mapping.name
        return (changedModelsArray + insertedModelsArray + deletedModelsArray).contains {
            $0._strataBackingData.mapping?.name == name
        }
    }

    /// Saved objects by primary key, then new objects in insertion order: the order ties keep after sorting.
    private func sortedByKey<T: PersistentModel>(_ models: [T]) -> [T] {
        let order = Dictionary(uniqueKeysWithValues: insertionOrder.enumerated().map { ($1, $0) })
        return models.sorted { lhs, rhs in
            let left = lhs._strataBackingData.primaryKey
            let right = rhs._strataBackingData.primaryKey
            switch (left, right) {
            case (let l?, let r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return order[ObjectIdentifier(lhs)] ?? 0 < order[ObjectIdentifier(rhs)] ?? 0
            }
        }
    }
}
