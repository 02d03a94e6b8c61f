import Foundation
import StrataExamples
import Testing

@testable import Strata

/// Opening a container fails with SwiftData's `SwiftDataError` cases where SwiftData fails for the same reason,
/// so an app's recovery code (`catch SwiftDataError.loadIssueModelContainer`, then a fresh store) runs unchanged.
@Suite struct SwiftDataErrorTests {
    let directory = TemporaryDirectory()

    /// What apps write around their container: a store that does not load is moved aside and a new one opened.
    func openOrStartOver(_ url: URL) throws -> (ModelContainer, startedOver: Bool) {
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: Bookshelf.V3.self), migrationPlan: Bookshelf.Plan.self,
                configurations: ModelConfiguration(url: url))
            return (container, false)
        } catch SwiftDataError.loadIssueModelContainer {
            try FileManager.default.moveItem(at: url, to: url.appendingPathExtension("broken"))
            let container = try ModelContainer(
                for: Schema(versionedSchema: Bookshelf.V3.self), migrationPlan: Bookshelf.Plan.self,
                configurations: ModelConfiguration(url: url))
            return (container, true)
        }
    }

    @Test func aFileThatIsNoStoreIsALoadIssue() throws {
        // Core Data cannot open a file that is not an SQLite database; SwiftData reports loadIssueModelContainer.
        let url = directory.store("garbage")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: url)
        let error = try #require(throws: SwiftDataError.self) {
            _ = try ModelContainer(for: Bookshelf.V3.Book.self, configurations: ModelConfiguration(url: url))
        }
        #expect(error == .loadIssueModelContainer)
        #expect(error.underlyingError is StrataError)
        #expect("\(error)".contains(url.path))
        #expect(try Data(contentsOf: url) == garbage)
        // The app's fallback opens a new, empty store in its place and keeps the broken file.
        let (container, startedOver) = try openOrStartOver(url)
        #expect(startedOver)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Bookshelf.V3.Book>()) == 0)
        #expect(try Data(contentsOf: url.appendingPathExtension("broken")) == garbage)
    }

    @Test func aStoreAtAVersionThePlanLacksIsALoadIssue() throws {
        // Apple's documentation of `unknownDataStoreSchema`: a store whose schema is none of the plan's throws
        // `loadIssueModelContainer` before macOS 27 and iOS 27.
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        let error = try #require(throws: SwiftDataError.self) {
            _ = try ModelContainer(
                for: Bookshelf.V3.Book.self, migrationPlan: BrokenPlans.WithoutV1.self,
                configurations: ModelConfiguration(url: url))
        }
        #expect(error == .loadIssueModelContainer)
        #expect("\(error)".contains("matches no version of the plan"))
        #expect(
            {
                switch error as any Error {
                case SwiftDataError.loadIssueModelContainer: return true
                default: return false
                }
            }())
    }

    @Test func aStoreNewerThanTheModelsIsABackwardMigration() throws {
        // The store was migrated to 3.0.0 by a newer build; the older build (2.0.0 models, the same plan) opens it.
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        _ = try ModelContainer(
            for: Schema(versionedSchema: Bookshelf.V3.self), migrationPlan: Bookshelf.Plan.self,
            configurations: ModelConfiguration(url: url))
        let error = try #require(throws: SwiftDataError.self) {
            _ = try ModelContainer(
                for: Schema(versionedSchema: Bookshelf.V2.self), migrationPlan: Bookshelf.Plan.self,
                configurations: ModelConfiguration(url: url))
        }
        #expect(error == .backwardMigration)
        #expect(error != .loadIssueModelContainer)
        #expect("\(error)".contains("the store is newer than 2.0.0"))
    }

    @Test func configurationsSwiftDataRefuses() throws {
        func refusal(_ configurations: [ModelConfiguration], _ schema: Schema) -> SwiftDataError? {
            do {
                _ = try ModelContainer(for: schema, configurations: configurations)
                return nil
            } catch {
                return error as? SwiftDataError
            }
        }
        let books = Schema([Bookshelf.V3.Book.self])
        let url = directory.store("books")
        #expect(
            refusal([ModelConfiguration("books", url: url), ModelConfiguration("books", url: url)], books)
                == .duplicateConfiguration)
        #expect(refusal([ModelConfiguration("shelf/books")], books) == .configurationFileNameContainsInvalidCharacters)
        #expect(
            refusal([ModelConfiguration(String(repeating: "b", count: 300))], books) == .configurationFileNameTooLong)
        let other = Schema([Bookshelf.V1.Book.self, Catalog.Writer.self])
        #expect(
            refusal([ModelConfiguration(schema: other, url: url)], books)
                == .configurationSchemaNotFoundInContainerSchema)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func casesCompareByCaseOnly() {
        let carried = SwiftDataError.loadIssueModelContainer.carrying(StrataError.readOnly(store: "/tmp/a.store"))
        #expect(carried == .loadIssueModelContainer)
        #expect(carried != .backwardMigration)
        #expect(Set([SwiftDataError.unknownSchema, .unknownSchema, .missingModelContext]).count == 2)
        #expect("\(SwiftDataError.duplicateConfiguration)" == "SwiftDataError.duplicateConfiguration")
        #expect(
            "\(carried)".hasPrefix("SwiftDataError.loadIssueModelContainer: ") && "\(carried)".contains("/tmp/a.store"))
    }
}
