import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Testing

/// A mapping model whose entity mappings are Copy and Transform with value expressions only (`$source.key`,
/// constants) is carried out by the dry run: each destination attribute filled from its expression. One whose
/// expression only Core Data evaluates (a function) stops there, naming it. Values stated from the rows written.
struct MappingModelRunTests {
    /// A Strata store at TestModel 2 with three books: silenced, not, and unknown.
    private func store(_ plan: ModelBundlePlan, in folder: ModelFolder) throws -> URL {
        try folder.strataStore("Books.store", at: plan.schemas[1], fill: CoreDataTypeChangeTests.silencedBooks)
    }

    @Test func valueExpressionsAreCarriedOut() throws {
        let folder = try ModelFolder()
        let bundle = try ModelBundle(url: try BookshelfStore.mappedModel(in: folder.url))
        #expect(bundle.mappingModels.map(\.name) == ["MutedStatus"])
        let book = try #require(bundle.mappingModels.first?.entityMappings.first { $0.name == "BookToBook" })
        #expect(
            book.properties.map(\.description) == [
                "title = $source.title", "mutedStatus = $source.isSilenced",
                "shelf = \"Main\"", "authors = $source.authors",
            ])
        let plan = ModelBundlePlan(bundle: bundle, progressive: true)
        let step = plan.step(from: 1, to: 2)
        #expect(step.runsMapping)
        #expect(
            step.mappingNotes == [
                "entity mapping AuthorToAuthor (Copy): run here",
                "entity mapping BookToBook (Transform): run here: title = $source.title, mutedStatus = $source.isSilenced, shelf = \"Main\"",
            ])
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty)
        let url = try store(plan, in: folder)
        let reports = try Migrator(store: url, validated: validated).runAll()
        #expect(reports.count == 1)
        let rows = try DatabaseQueue(path: url.path).read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \"title\", \"mutedStatus\", \"shelf\" FROM \"Book\" ORDER BY \"\(StoreLayout.primaryKey)\""
            )
        }
        #expect(rows.map { $0["title"] as String? } == ["Book 1", "Book 2", "Book 3"])
        #expect(rows.map { $0["mutedStatus"] as Int64? } == [1, 0, nil])
        #expect(rows.map { $0["shelf"] as String? } == ["Main", "Main", "Main"])
    }

    @Test func aFunctionOnlyCoreDataEvaluatesStopsTheDryRunNamingIt() throws {
        let folder = try ModelFolder()
        let bundle = try ModelBundle(
            url: try BookshelfStore.mappedModel(
                in: folder.url, status: .function("statusFor:", source: "isSilenced")))
        let plan = ModelBundlePlan(bundle: bundle, progressive: true)
        let step = plan.step(from: 1, to: 2)
        #expect(!step.runsMapping)
        #expect(step.dataDependent.isEmpty)
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty)
        let report = try Migrator.dryRun(store: try store(plan, in: folder), validated: validated)
        let notRun = try #require(report.notRun?.description)
        #expect(notRun.contains("mapping model MutedStatus"), "\(notRun)")
        #expect(
            notRun.contains(
                "Book.mutedStatus = FUNCTION($entityPolicy, \"statusFor:\", $source.isSilenced): Strata does not evaluate it"
            ), "\(notRun)")
    }

    @Test func aDamagedValueExpressionNamesTheFileAndLine() throws {
        let folder = try ModelFolder()
        let bundle = try BookshelfStore.mappedModel(in: folder.url)
        let file = folder.url.appendingPathComponent("MutedStatus.xcmappingmodel/xcmapping.xml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let damaged = text.replacingOccurrences(
            of: "<attribute name=\"valueexpressiondata\" type=\"binary\">",
            with:
                "<attribute name=\"valueexpressiondata\" type=\"binary\">AAAA")
        #expect(damaged != text)
        try Data(damaged.utf8).write(to: file)
        #expect {
            try ModelBundle(url: bundle)
        } throws: { error in
            guard case ModelBundleError.malformed(let path, let line, let reason) = error else { return false }
            return path == file.path && line != nil && reason.contains("value expression of mutedStatus")
        }
    }
}
