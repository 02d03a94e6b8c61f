import Foundation
import Strata

// Safe: the declaration index (a class) is built in `init` and only read after; the rest is immutable values.
/// An app's source folder read with swift-syntax, compiling nothing: its migration plans with their versioned
/// schemas and stages. Views, the `App` struct and everything else are parsed and ignored; the folder is never written.
///
/// ```swift
/// let sources = try AppSources(folder: URL(fileURLWithPath: "MyApp/Sources"))
/// let plan = try sources.plan(named: nil)          // the only plan, or the one named
/// let validated = try plan.validated()             // schemas, stages and diffs, as for a compiled plan
/// ```
package struct AppSources: @unchecked Sendable {
    /// The folder read.
    package let folder: URL
    /// Which files of the folder were read (those its Xcode project or package compiles) and why others were not.
    package let compiledFiles: CompiledFiles
    /// Types declared twice in files built together, at the second declaration (the first is read): errors when a
    /// plan depends on the type, warnings otherwise.
    package let redeclarations: [SourceProblem]
    /// Each `#if` in or around the plans' declarations, with the branch the build compiles (what `--verbose` says).
    package let branches: [ConditionalBranch]
    /// The plans declared, in path and declaration order.
    package let plans: [SourcePlan]
    /// Every `VersionedSchema` declared, plan or not, in the same order.
    package let versions: [SourceVersion]
    /// Versioned schemas that could not be read.
    package let problems: [SourceProblem]
    /// The declarations, for what the plans do not carry (an enum's cases, a struct's fields).
    let index: DeclarationIndex
    /// The qualified names of the types the plans depend on (``ReachedTypes``).
    let reached: Set<String>
    /// The parsed files, in path order (the compiled level copies the ones the plans need).
    let files: [SourceFile]
    /// The app's other files, where names the folder uses but does not declare are looked up (an attribute's enum in
    /// a sibling folder); the compiled level builds the declarations it needs from them.
    package let helpers: HelperSources

    /// Reads the `.swift` files under `folder` that its project compiles (every one without a project), less those
    /// `excluding` globs match, looking names up in the enclosing app and the `helperFolders` too (see
    /// ``HelperSources``); throws only when the folder, a file, the project or a helper folder cannot be read.
    /// `#if` conditions are evaluated for `build` (an iOS device's Release build unless given), with the custom
    /// conditions the project's Release build sets.
    package init(folder: URL, excluding: [String] = [], helperFolders: [URL] = [], build: SourceBuild = SourceBuild())
        throws
    {
        self.folder = folder
        compiledFiles = try CompiledFiles(folder: folder, excluding: excluding)
        files = try SourceFolder.parse(compiledFiles.read)
        helpers = try HelperSources(folder: folder, extra: helperFolders)
        // The conditions the project sets (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `.define`) join those given.
        let build = SourceBuild(
            platform: build.platform,
            customConditions: build.customConditions.union(compiledFiles.compilationConditions))
        let index = DeclarationIndex(files: files, helpers: helpers.files, build: build)
        self.index = index
        plans = index.types(conformingTo: "SchemaMigrationPlan").map(PlanReader(index: index).read)
        var versions: [SourceVersion] = []
        var problems: [SourceProblem] = []
        for type in index.types(conformingTo: "VersionedSchema") {
            switch VersionReader(index: index).read(type) {
            case .success(let version): versions.append(version)
            case .failure(let problem): problems.append(problem)
            }
        }
        self.versions = versions
        self.problems = problems
        let reached = ReachedTypes.names(versions: versions, index: index)
        self.reached = reached
        redeclarations = Redeclarations.problems(index.redeclared, files: compiledFiles, reached: reached)
        branches = ConditionalBranch.read(in: files, reached: reached, build: build)
    }

    /// The name `--plan` takes for each plan, in order: its type name, or its qualified name when type names repeat.
    package var planNames: [String] {
        plans.map { plan in plans.filter { $0.name == plan.name }.count > 1 ? plan.qualifiedName : plan.name }
    }

    /// The plan named `name` (its type name, or with its enclosing types), or the only plan when `name` is nil.
    package func plan(named name: String?) throws -> SourcePlan {
        let names = planNames
        guard !plans.isEmpty else { throw SourceReadingError.noPlan(folder: folder.path) }
        guard let name else {
            guard plans.count == 1 else { throw SourceReadingError.severalPlans(folder: folder.path, names: names) }
            return plans[0]
        }
        let matching = plans.filter { $0.qualifiedName == name || $0.name == name }
        guard matching.count == 1, let plan = matching.first else {
            throw matching.isEmpty
                ? SourceReadingError.unknownPlan(name, names: names)
                : SourceReadingError.severalPlans(folder: folder.path, names: names)
        }
        return plan
    }
}
