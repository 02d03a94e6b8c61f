import Foundation

/// The order of a model's versions and how it was decided: `--order`, Xcode's naming (`Model`, `Model 2`, … or
/// numeric names after the unnumbered one), or the names alone.
public struct ModelVersionOrder: Sendable, Equatable {
    /// The version names, oldest first.
    public let names: [String]
    /// How the order was decided, as a sentence ("by Xcode's naming: Model, Model 2, Model 3").
    public let reason: String
    /// True when the names alone could not order the versions (neither `--order` nor numbering decided it).
    public let isGuess: Bool

    /// Orders `names` by `explicit` (every name once) when given, else by the numbers their names end with.
    package init(names: [String], explicit: [String]?) throws {
        if let explicit {
            let unknown = explicit.filter { !names.contains($0) }
            let repeated = Set(explicit.filter { name in explicit.filter { $0 == name }.count > 1 })
            let missing = names.filter { !explicit.contains($0) }
            if !unknown.isEmpty {
                throw ModelBundleError.badOrder(
                    reason: "no version is named \(unknown.joined(separator: ", "))", known: names.sorted())
            }
            if !repeated.isEmpty {
                throw ModelBundleError.badOrder(
                    reason: "\(repeated.sorted().joined(separator: ", ")) is named twice", known: names.sorted())
            }
            if !missing.isEmpty {
                throw ModelBundleError.badOrder(
                    reason: "it leaves out \(missing.joined(separator: ", ")); name every version",
                    known: names.sorted())
            }
            self.names = explicit
            reason = "as --order gives it"
            isGuess = false
            return
        }
        let keys = names.map(Self.numbering)
        let unnumbered = keys.filter(\.number.isEmpty)
        let numberedBases = Set(keys.filter { !$0.number.isEmpty }.map(\.base))
        // "Model", "Model 2", "Model 3" share a base; numeric names ("2" … "13") follow one unnumbered name.
        let sharesNumbering =
            unnumbered.count <= 1 && numberedBases.count <= 1
            && (numberedBases.first.map { base in base.isEmpty || unnumbered.allSatisfy { $0.base == base } } ?? false)
        if names.count == 1 || sharesNumbering {
            let ordered = zip(names, keys).sorted { Self.precedes($0.1.number, $1.1.number) }.map(\.0)
            self.names = ordered
            reason = "by Xcode's naming (the unnumbered name first, then by number): \(ordered.joined(separator: ", "))"
            isGuess = false
        } else {
            self.names = names.sorted()
            reason =
                "by name, alphabetically: the names do not share Xcode's numbering (Model, Model 2, …); give --order A,B,C if this is wrong"
            isGuess = names.count > 1
        }
    }

    /// A name split into its base and the numbers it ends with: "Model 2" -> ("Model", [2]); "Model" -> ("Model", []);
    /// "13" -> ("", [13]); "TestModel2" -> ("TestModel", [2]); "App 1.5.0" -> ("App", [1, 5, 0]).
    static func numbering(_ name: String) -> (base: String, number: [Int]) {
        let tail = name.reversed().prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let digits = String(tail.reversed()).drop { $0 == "." }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !digits.isEmpty, parts.allSatisfy({ $0 != nil }) else { return (name, []) }
        let base = name.dropLast(digits.count).trimmingCharacters(in: CharacterSet(charactersIn: " _-"))
        return (base, parts.compactMap { $0 })
    }

    /// Numbers compared component by component; no number (the unnumbered first version) comes first.
    private static func precedes(_ a: [Int], _ b: [Int]) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        return a.count < b.count
    }
}
