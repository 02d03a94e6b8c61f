import Foundation
import Testing

@testable import Strata

/// Each delete rule does what SwiftData's does, in memory and in the store file.
@Suite struct DeleteRuleTests {
    let directory = TemporaryDirectory()

    /// A store with one parent and one child per rule (two cascaded children, one with two leaves).
    func makeStore(deny: Bool = false) throws -> URL {
        let url = directory.store()
        let context = ModelContext(try openContainer(Rules.Parent.self, at: url))
        let parent = Rules.Parent(name: "p")
        context.insert(parent)
        parent.nullified = [Rules.Nullified(name: "n")]
        let cascaded = Rules.Cascaded(name: "c1")
        cascaded.leaves = [Rules.Leaf(name: "l1"), Rules.Leaf(name: "l2")]
        parent.cascaded = [cascaded, Rules.Cascaded(name: "c2")]
        if deny { parent.denied = [Rules.Denied(name: "d")] }
        parent.untouched = [Rules.Untouched(name: "u")]
        try context.save()
        return url
    }

    func deleteParent(at url: URL) throws -> ModelContext {
        let context = ModelContext(try openContainer(Rules.Parent.self, at: url))
        let parent = try #require(try context.fetch(FetchDescriptor<Rules.Parent>()).first)
        context.delete(parent)
        return context
    }

    @Test func nullifyClearsThePartner() throws {
        let url = try makeStore()
        let context = try deleteParent(at: url)
        let child = try #require(try context.fetch(FetchDescriptor<Rules.Nullified>()).first)
        // A deleted object is no longer reachable, even before the save.
        #expect(child.parent == nil)
        try context.save()
        #expect(child.parent == nil)
        let reopened = ModelContext(try openContainer(Rules.Parent.self, at: url))
        let children = try reopened.fetch(FetchDescriptor<Rules.Nullified>())
        #expect(children.map(\.name) == ["n"])
        #expect(children.first?.parent == nil)
        #expect(try rowCount("Parent", at: url) == 0)
    }

    @Test func cascadeDeletesChildrenAndTheirChildren() throws {
        let url = try makeStore()
        let context = try deleteParent(at: url)
        try context.save()
        #expect(try rowCount("Cascaded", at: url) == 0)
        #expect(try rowCount("Leaf", at: url) == 0)
        #expect(try rowCount("Nullified", at: url) == 1)
        let reopened = ModelContext(try openContainer(Rules.Parent.self, at: url))
        #expect(try reopened.fetchCount(FetchDescriptor<Rules.Cascaded>()) == 0)
        #expect(try reopened.fetchCount(FetchDescriptor<Rules.Leaf>()) == 0)
    }

    @Test func cascadedChildrenAreDeletedInMemoryToo() throws {
        let url = try makeStore()
        let context = ModelContext(try openContainer(Rules.Parent.self, at: url))
        let parent = try #require(try context.fetch(FetchDescriptor<Rules.Parent>()).first)
        let children = parent.cascaded
        context.delete(parent)
        try context.save()
        #expect(children.allSatisfy { $0.isDeleted })
        #expect(try context.fetch(FetchDescriptor<Rules.Cascaded>()).isEmpty)
    }

    @Test func denyRefusesAndLeavesTheStoreUnchanged() throws {
        let url = try makeStore(deny: true)
        let context = try deleteParent(at: url)
        let error = try #require(throws: StrataError.self) { try context.save() }
        guard case .deleteDenied(let entity, _, let relationship, let count) = error else {
            Issue.record("expected deleteDenied, got \(error)")
            return
        }
        #expect(entity == "Parent")
        #expect(relationship == "denied")
        #expect(count == 1)
        #expect("\(error)".contains("Parent"))
        #expect("\(error)".contains("'denied'"))
        #expect(try rowCount("Parent", at: url) == 1)
        #expect(try rowCount("Cascaded", at: url) == 2)
        #expect(try rowCount("Leaf", at: url) == 2)
        // Rolling back makes the parent live again; the context saves cleanly afterwards.
        context.rollback()
        #expect(context.hasChanges == false)
        let parent = try #require(try context.fetch(FetchDescriptor<Rules.Parent>()).first)
        #expect(parent.isDeleted == false)
        #expect(parent.cascaded.count == 2)
        #expect(parent.nullified.first?.parent === parent)
        parent.name = "renamed"
        try context.save()
        let reopened = ModelContext(try openContainer(Rules.Parent.self, at: url))
        #expect(try reopened.fetch(FetchDescriptor<Rules.Parent>()).map(\.name) == ["renamed"])
        #expect(try reopened.fetchCount(FetchDescriptor<Rules.Cascaded>()) == 2)
    }

    @Test func denyAllowsDeleteOnceEmptied() throws {
        let url = try makeStore(deny: true)
        let context = ModelContext(try openContainer(Rules.Parent.self, at: url))
        let parent = try #require(try context.fetch(FetchDescriptor<Rules.Parent>()).first)
        let denied = try #require(parent.denied.first)
        context.delete(denied)
        context.delete(parent)
        try context.save()
        #expect(try rowCount("Parent", at: url) == 0)
        #expect(try rowCount("Denied", at: url) == 0)
    }

    @Test func noActionLeavesThePartnerAlone() throws {
        let url = try makeStore()
        let context = try deleteParent(at: url)
        try context.save()
        #expect(try rowCount("Untouched", at: url) == 1)
        let reopened = ModelContext(try openContainer(Rules.Parent.self, at: url))
        let untouched = try reopened.fetch(FetchDescriptor<Rules.Untouched>())
        #expect(untouched.map(\.name) == ["u"])
        // The row it pointed to is gone: the store's foreign key reads back as no parent, not as a crash.
        #expect(untouched.first?.parent == nil)
    }
}
