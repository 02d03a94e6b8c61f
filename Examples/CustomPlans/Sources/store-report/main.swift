import Foundation
import StrataAppleStores

// `store-report STORE [MODEL]`: what an app that links only the StrataAppleStores product can learn from a store
// taken from a device (its entities and rows) and, given the app's Core Data model bundle, the version the store
// is at and whether Core Data can infer each step to the current version. Built by ci.sh from outside the Strata
// package, so it compiles against Strata's public API alone.
let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: store-report STORE [MODEL]\n".utf8))
    exit(2)
}
do {
    let store = try AppleStore(url: URL(fileURLWithPath: path))
    for (entity, rows) in try store.rowCounts() { print("\(entity): \(rows) rows") }
    if let model = arguments.dropFirst().first {
        let bundle = try ModelBundle(url: URL(fileURLWithPath: model))
        print("model versions: \(bundle.versions.map(\.name).joined(separator: ", ")) (current \(bundle.current))")
        let plan = ModelBundlePlan(bundle: bundle)
        let match = StoreVersionMatch(store: store.model, bundle: bundle)
        if let start = match.equal.first {
            print("the store is at \(bundle.versions[start].name)")
            for step in CoreDataPath(plan: plan, from: start, to: bundle.versions.count - 1).steps {
                print("\(step.fromName) -> \(step.toName): \(step.canInfer ? "inferred" : "needs a mapping model")")
            }
        } else {
            print("the store is at no version of the model")
        }
    }
} catch {
    FileHandle.standardError.write(Data("store-report: \(error)\n".utf8))
    exit(1)
}
