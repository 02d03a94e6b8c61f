import ArgumentParser
import Foundation
import StrataAppleStores

/// `--model PATH [--order A,B,C] [--mappings DIR]… [--progressive]`: a Core Data model bundle's versions as the plan, migrated as Core
/// Data does by default (one inferred jump to the current version) or step by step.
struct ModelPlanOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A Core Data model: a .xcdatamodeld bundle, one .xcdatamodel, or a folder holding them (and .xcmappingmodel bundles); its versions are the plan.",
            discussion:
                "The N-th version, oldest first, is version N.0.0 (a version's name works too wherever a version is asked). The current version (.xccurrentversion) is the target.",
            valueName: "path"))
    var model: String?

    @Option(
        help: ArgumentHelp(
            "With --model: the versions' order, oldest first, by name (default: Xcode's naming, Model, Model 2, …).",
            valueName: "A,B,C"))
    var order: String?

    @Option(
        help: ArgumentHelp(
            "With --model: a further folder holding .xcmappingmodel bundles (repeatable); the bundle, the folder beside it and the enclosing project are searched anyway.",
            valueName: "dir"))
    var mappings: [String] = []

    @Flag(
        help:
            "With --model: migrate step by step through each version, as apps that chain migrations do (default: Core Data's one inferred jump to the current version)."
    )
    var progressive = false

    func validate() throws {
        if model == nil && (order != nil || progressive || !mappings.isEmpty) {
            throw ValidationError("--order, --progressive and --mappings read a Core Data model: give --model PATH")
        }
    }

    /// The plan of the model `--model` names, or nil without it; an unreadable model is a usage error naming the file.
    func resolve() throws -> ModelBundlePlan? {
        guard let model else { return nil }
        let names = order.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        do {
            let bundle = try ModelBundle(
                url: URL(fileURLWithPath: model), order: names, mappings: mappings.map { URL(fileURLWithPath: $0) })
            return ModelBundlePlan(bundle: bundle, progressive: progressive)
        } catch let error as ModelBundleError {
            throw CommandFailure.usage(error.description)
        }
    }
}
