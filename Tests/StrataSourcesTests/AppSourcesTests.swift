import Foundation
import Strata
import StrataExamples
import StrataSources
import Testing

/// Reading app-shaped source trees: models over several files, views beside them, typealiases, stages as
/// `static let` and computed properties, a plan in its own file, a tree that does not compile.
@Suite struct AppSourcesTests {
    @Test func readsTheNotesAppsPlanAcrossFilesAndIgnoresItsViews() throws {
        let sources = try AppSources(folder: FixtureTree.folder("NotesApp"))
        #expect(sources.plans.map(\.name) == ["NotesMigrationPlan"])
        let plan = try sources.plan(named: nil)
        #expect(plan.problems.isEmpty)
        #expect(plan.versions.map(\.name) == ["NotesSchemaV1", "NotesSchemaV2", "NotesSchemaV3"])
        #expect(
            plan.stages.map { "\($0.kind.rawValue) \($0.from) -> \($0.to)" } == [
                "custom 1.0.0 -> 2.0.0", "lightweight 2.0.0 -> 3.0.0",
            ])
        #expect(plan.stages[0].location.file.hasSuffix("Migration/NotesMigrationPlan.swift"))
        #expect(plan.stages[0].location.line == 14)

        let v1 = plan.versions[0].schema
        #expect(v1.entities.map(\.name) == ["Note", "Folder"])
        let note1 = try #require(v1.entitiesByName["Note"])
        #expect(note1.attributes.map(\.name) == ["title", "body"]) // @Transient and computed properties are not stored
        #expect(
            note1.relationships.map { "\($0.name) -> \($0.destination) inverse \($0.inverse ?? "-")" } == [
                "folder -> Folder inverse notes"
            ])

        let note2 = try #require(plan.versions[1].schema.entitiesByName["Note"])
        #expect(note2.attribute(named: "title")?.isUnique == true)
        #expect(note2.attribute(named: "text")?.originalName == "body")
        #expect(note2.attribute(named: "priority")?.valueType == .rawRepresentable(typeName: "Priority", raw: .int))
        #expect(note2.attribute(named: "priority")?.defaultValue == "Priority.normal")
        #expect(note2.attribute(named: "tags")?.valueType == .codable(typeName: "Array<String>"))
        #expect(note2.attribute(named: "createdAt")?.valueType == .date) // inferred from `Date.now`
        #expect(note2.attribute(named: "attachment")?.valueType == .codable(typeName: "Attachment"))
        #expect(note2.attribute(named: "attachment")?.isOptional == true)
        let folder2 = try #require(plan.versions[1].schema.entitiesByName["Folder"])
        #expect(folder2.relationships.first?.deleteRule == .cascade)
        #expect(folder2.relationships.first?.isToMany == true)
        #expect(folder2.relationships.first?.inverse == "folder")

        let (validated, problems) = plan.check()
        #expect(problems.isEmpty)
        #expect(validated.stages.map(\.lacksCode) == [true, false])
        #expect(validated.stages[1].diff.changes.map(\.description).contains { $0.contains("pinned") })
    }

    @Test func readsEveryBundledExamplePlanAsTheCompiledPlanBuildsIt() throws {
        let sources = try AppSources(folder: FixtureTree.examples)
        for example in ExamplePlans.all {
            let compiled = try ValidatedPlan(example.plan)
            let qualified = String(reflecting: example.plan).split(separator: ".").dropFirst().joined(separator: ".")
            let read = try sources.plan(named: qualified).validated()
            #expect(read.schemas.map(\.fingerprint) == compiled.schemas.map(\.fingerprint), "\(example.name)")
            #expect(read.schemas.map(\.entities) == compiled.schemas.map(\.entities), "\(example.name)")
            #expect(read.stages.map(\.description) == compiled.stages.map(\.description), "\(example.name)")
        }
    }

    @Test func readsUniqueAndIndexDeclarationsAsTheCompiledPlanHasThem() throws {
        let read = try AppSources(folder: FixtureTree.compiledApp).plan(named: "InventoryPlan").validated()
        let compiled = try ValidatedPlan(InventoryPlan.self)
        #expect(read.schemas.map(\.fingerprint) == compiled.schemas.map(\.fingerprint))
        #expect(read.schemas.map(\.entities) == compiled.schemas.map(\.entities))
        let item = try #require(read.schemas.last?.entitiesByName["Item"])
        #expect(item.uniquenessConstraints == [["sku", "warehouse"]])
        #expect(item.indexes == [["warehouse"], ["sku", "count"]])
        #expect(read.stages.map(\.description) == ["lightweight 1.0.0 -> 2.0.0"])
    }

    @Test func readsATreeThatDoesNotCompile() throws {
        let plan = try AppSources(folder: FixtureTree.folder("BrokenApp")).plan(named: "PhotosPlan")
        let validated = try plan.validated()
        #expect(
            validated.schemas.map { $0.entities.flatMap { $0.attributes.map(\.name) } } == [
                ["caption"], ["caption", "takenAt"],
            ])
        #expect(validated.stages.map(\.description) == ["lightweight 1.0.0 -> 2.0.0"])
    }

    @Test func findsThePlanProblemsTheEngineRefuses() throws {
        let plan = try AppSources(folder: FixtureTree.folder("LintApp")).plan(named: "ShopPlan")
        let (_, problems) = plan.check()
        #expect(problems.contains { $0.contains("schemas 3.0.0 and 4.0.0 are identical") })
        #expect(
            problems.contains { $0.contains("is lightweight but contains a change it cannot do: Product.sku added") })
        #expect(
            problems.contains {
                $0.contains("the inverse of Order.backup is ambiguous")
                    || $0.contains("the inverse of Product.orders is ambiguous")
            })
    }

    @Test func picksAPlanByNameAndNamesTheChoicesOtherwise() throws {
        let sources = try AppSources(folder: FixtureTree.folder("LintApp"))
        #expect(throws: SourceReadingError.severalPlans(folder: sources.folder.path, names: ["ShopPlan", "EmptyPlan"]))
        {
            try sources.plan(named: nil)
        }
        #expect(throws: SourceReadingError.unknownPlan("Nope", names: ["ShopPlan", "EmptyPlan"])) {
            try sources.plan(named: "Nope")
        }
        #expect(try sources.plan(named: "EmptyPlan").versions.map(\.name) == ["ShopV4"])
        #expect(throws: SourceReadingError.notAFolder("/nonexistent/strata")) {
            try AppSources(folder: URL(fileURLWithPath: "/nonexistent/strata"))
        }
    }
}
