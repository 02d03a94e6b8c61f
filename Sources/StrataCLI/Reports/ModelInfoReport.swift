import Foundation
import Strata
import StrataAppleStores
import StrataText

/// What `strata info --model PATH [STORE]` says of a Core Data model, shape `strata.model/1`: `{"format", "model",
/// "order", "current", "currentReason", "versions": [{"version", "name", "current", "identifier"?, "entities"}],
/// "leftOut", "mappingModels": [{"name", "source", "destination", "entityMappings"}], "store"?}`, where `"store"`
/// (with a store) is `{"path", "version"?, "name"?, "tiedWith", "noMatch"?}`: the version the store is at. With a
/// store, `strata.info/1` carries it as `"coreData"`.
struct ModelInfoReport: Encodable {
    /// One version of the model.
    struct Version: Encodable {
        let version: String
        let name: String
        let current: Bool
        /// `userDefinedModelVersionIdentifier`, when set.
        let identifier: String?
        let entities: [String]
    }

    /// The version a store is at.
    struct StoreVersion: Encodable {
        let path: String
        /// "1.0.0", when the store is at a version.
        let version: String?
        /// The version's name.
        let name: String?
        /// Versions matching equally.
        let tiedWith: [String]
        /// Why none matches (Core Data's 134130, the closest version).
        let noMatch: String?
        /// Which rule found the version: `entityVersionHashes`, `modelComparison` (an Apple store), or
        /// `recordedSchema` (a Strata store's recorded fingerprint).
        let matchedBy: String
        /// The rule in words.
        let matchedByDescription: String
    }

    let format = "strata.model/1"
    let model: String
    let order: String
    let current: String
    let currentReason: String
    let versions: [Version]
    let leftOut: [String]
    let mappingModels: [ModelBundleReport.Mapping]
    var store: StoreVersion?

    /// The report of `plan`'s model, and of the version `store` is at when one is given.
    init(_ plan: ModelBundlePlan, store: OpenedStore?) throws {
        let bundle = plan.bundle
        model = bundle.url.path
        order = bundle.order.reason
        current = bundle.current
        currentReason = bundle.currentReason
        versions = bundle.versions.enumerated().map { index, version in
            Version(
                version: "\(index + 1).0.0", name: version.name, current: version.name == bundle.current,
                identifier: version.identifier.flatMap { $0.isEmpty ? nil : $0 },
                entities: version.entities.map(\.name))
        }
        leftOut = bundle.afterCurrent
        mappingModels = ModelBundleReport.mappings(of: bundle)
        self.store = try store.map { try Self.storeVersion($0, plan: plan) }
    }

    /// The version of `plan` a store is at: an Apple store's by the fields Core Data hashes, a Strata store's by
    /// its recorded schema.
    private static func storeVersion(_ store: OpenedStore, plan: ModelBundlePlan) throws -> StoreVersion {
        let names = plan.versionNames
        let equal: [Int]
        var noMatch: String?
        var rule = ("recordedSchema", "the schema fingerprint the store records equals the version's")
        if case .apple(let apple) = store {
            let match = StoreVersionMatch(
                store: apple.model, versionHashes: apple.metadata.entityHashes, bundle: plan.bundle)
            equal = match.equal
            rule = (match.rule, match.ruleDescription)
            noMatch = match.closest.map {
                "its model is no version of the model: Core Data stops with 134130 \"Can't find model for source store\"; the closest is \(names[$0.index]), differing in \($0.entities.joined(separator: ", "))"
            }
        } else {
            let fingerprint = try StoreInspector(url: store.strataFile ?? store.url).metadata().fingerprint
            equal = plan.schemas.indices.filter { plan.schemas[$0].fingerprint == fingerprint }
            if equal.isEmpty { noMatch = "its recorded schema is no version of the model" }
        }
        return StoreVersion(
            path: store.url.path, version: equal.first.map { "\($0 + 1).0.0" }, name: equal.first.map { names[$0] },
            tiedWith: equal.dropFirst().map { names[$0] }, noMatch: noMatch, matchedBy: rule.0,
            matchedByDescription: rule.1)
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines = [
            style.bold("Core Data model \(TerminalText.sanitize(model))"),
            "  order: \(TerminalText.sanitize(order))",
            "  current: \(TerminalText.sanitize(current)) (\(TerminalText.sanitize(currentReason)))",
        ]
        // The numbers and names in aligned columns, whatever their widths (10.0.0 and on, long names).
        let numberWidth = versions.map { CharacterWidth.of($0.version) }.max() ?? 0
        let nameWidth = versions.map { CharacterWidth.of(TerminalText.sanitize($0.name)) }.max() ?? 0
        for version in versions {
            let entities = version.entities.map(TerminalText.sanitize).joined(separator: ", ")
            let name = CharacterWidth.pad(TerminalText.sanitize(version.name), to: nameWidth)
            lines.append(
                "  \(CharacterWidth.pad(version.version, to: numberWidth))  \(name)"
                    + (version.current ? "  (current)" : "")
                    + (version.identifier.map { "  identifier \(TerminalText.sanitize($0))" } ?? "")
                    + "  \(version.entities.count) \(version.entities.count == 1 ? "entity" : "entities"): \(entities)")
        }
        lines += leftOut.map { "  left out: \(TerminalText.sanitize($0)) (after the current version)" }
        lines += mappingModels.flatMap { $0.textLines() }
        if let store {
            let path = TerminalText.sanitize(store.path)
            if let name = store.name, let version = store.version {
                lines.append(style.bold("The store \(path) is at \(TerminalText.sanitize(name)) (\(version))"))
                lines.append("  found by: \(store.matchedByDescription)")
                if !store.tiedWith.isEmpty {
                    lines.append(
                        "  it matches \(store.tiedWith.map(TerminalText.sanitize).joined(separator: ", ")) equally")
                }
            }
            if let noMatch = store.noMatch {
                lines.append(style.red("The store \(path): \(TerminalText.sanitize(noMatch))"))
            }
        }
        return lines + [""]
    }
}
