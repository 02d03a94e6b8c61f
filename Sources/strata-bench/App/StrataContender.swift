import Foundation
import Strata

/// The `app` workloads written the SwiftData way, through Strata's `ModelContext`. Each returns the rows it handled.
enum StrataContender {
    /// Opens a container on a copy of a benchmark store.
    static func context(_ url: URL) throws -> ModelContext {
        ModelContext(try ModelContainer(for: AppStores.schema, configurations: ModelConfiguration(url: url)))
    }

    /// A1: inserts `rows` items, saving every 10,000.
    static func insert(_ url: URL, rows: Int) throws -> Int {
        let context = try context(url)
        for number in 1...max(rows, 1) {
            context.insert(AppItem(number: number))
            if number % 10_000 == 0 { try context.save() }
        }
        try context.save()
        return rows
    }

    /// A2: the 100 most recent items with a score of at least 50 (predicate, sort and limit in SQL).
    static func query(_ url: URL) throws -> Int {
        var descriptor = FetchDescriptor<AppItem>(
            predicate: #Predicate { $0.score >= 50 }, sortBy: [SortDescriptor(\.created, order: .reverse)])
        descriptor.fetchLimit = 100
        return try context(url).fetch(descriptor).reduce(0) { $0 &+ $1.count }
    }

    /// A2: every item, each property read.
    static func fetchAll(_ url: URL) throws -> Int {
        try context(url).fetch(FetchDescriptor<AppItem>()).readEveryField()
    }

    /// A3: `enumerate` every item, raise its score, save every 5,000.
    static func update(_ url: URL) throws -> Int {
        let context = try context(url)
        var changed = 0
        try context.enumerate(FetchDescriptor<AppItem>(), batchSize: 5_000) { item in
            item.score += 1
            changed += 1
            if changed % 5_000 == 0 { try context.save() }
        }
        try context.save()
        return changed
    }

    /// A4: `delete(model:where:)` of the first half of the items (by count).
    static func deleteWhere(_ url: URL, rows: Int) throws -> Int {
        let context = try context(url)
        let half = rows / 2
        try context.delete(model: AppItem.self, where: #Predicate { $0.count <= half })
        try context.save()
        return half
    }

    /// A4: the second half of the items fetched and deleted one by one, then saved.
    static func deleteEach(_ url: URL, rows: Int) throws -> Int {
        let context = try context(url)
        let half = rows / 2
        let items = try context.fetch(FetchDescriptor<AppItem>(predicate: #Predicate { $0.count > half }))
        for item in items { context.delete(item) }
        try context.save()
        return items.count
    }

    /// A5: every parent and every child of each; `prefetch` names the children in
    /// `relationshipKeyPathsForPrefetching`, otherwise they are faulted in as read.
    static func relationships(_ url: URL, prefetch: Bool) throws -> Int {
        var descriptor = FetchDescriptor<AppParent>()
        if prefetch { descriptor.relationshipKeyPathsForPrefetching = [\.children] }
        var children = 0
        var checksum = 0
        for parent in try context(url).fetch(descriptor) {
            for child in parent.children {
                children += 1
                checksum &+= child.position &+ child.name.utf8.count
            }
        }
        Sink.keep(checksum)
        return children
    }
}
