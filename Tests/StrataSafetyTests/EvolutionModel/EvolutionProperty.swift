import Foundation
import Strata

/// One contact as generated: values picked from `ValueTables`, and the index of its company (if any).
struct EvolutionSeed: Equatable, Sendable, CustomStringConvertible {
    var name: Int
    var phone: Int
    var email: Int?
    var age: Int
    var company: Int?

    var description: String {
        "EvolutionSeed(name: \(name), phone: \(phone), email: \(email.map(String.init) ?? "nil"), age: \(age), company: \(company.map(String.init) ?? "nil"))"
    }
}

/// The property the evolution tests check: data written at the route's first version and migrated along it is,
/// at the last version, what `EvolutionReference` computes; a second container reading the file agrees.
enum EvolutionProperty {
    /// Every route: each increasing chain of stages with each kind, and each pair of versions as an inferred step.
    static let routes: [EvolutionRoute] = {
        var routes: [EvolutionRoute] = []
        for chain in [[0, 1], [0, 2], [0, 1, 2], [1, 2]] {
            let steps = chain.count - 1
            for bits in 0..<(1 << steps) {
                routes.append(
                    EvolutionRoute(
                        versions: chain, kinds: (0..<steps).map { bits >> $0 & 1 == 1 ? .custom : .lightweight },
                        inferred: false))
            }
            if steps == 1 { routes.append(EvolutionRoute(versions: chain, kinds: [], inferred: true)) }
        }
        return routes
    }()

    /// The problems found for `seeds` (with `companies` companies and `memos` memos) migrated along `route`.
    static func problems(seeds: [EvolutionSeed], companies: Int, memos: Int, route: EvolutionRoute) throws -> [String] {
        let work = TemporaryDirectory()
        let store = work.store()
        let titles = (0..<companies).map { "c\($0)" }
        var reference = EvolutionReference(
            contacts: seeds.enumerated().map { index, seed in
                var row: [String: Field] = [
                    "serial": .int(index + 1), "name": .text(text(seed.name)), "phone": .text(text(seed.phone)),
                    "age": .int(ValueTables.ints[seed.age % ValueTables.ints.count]),
                ]
                row["email"] = seed.email.map { .text(text($0)) }
                row["company"] = companies == 0 ? nil : seed.company.map { .text(titles[$0 % companies]) }
                return row
            },
            companies: titles, memos: (0..<memos).map { "memo \($0)" })
        let start = route.versions[0]
        if start == 1 { reference.migrate(from: 0, to: 1, custom: false) }
        try EvolutionStores.write(reference, at: start, to: store)

        EvolutionPlan.route = route
        let migrator = try Migrator(store: store, plan: EvolutionPlan.self)
        while migrator.nextStage != nil { _ = try migrator.runNextStage() }
        for (from, to, kind) in zip(
            zip(route.versions, route.versions.dropFirst()), route.inferred ? [.lightweight] : route.kinds
        )
        .map({ ($0.0, $0.1, $1) }) {
            reference.migrate(from: from, to: to, custom: kind == .custom)
        }

        let target = route.versions.last!
        var problems: [String] = []
        if try StoreInspector(url: store).version() != Evolution.versions[target].versionIdentifier {
            problems.append("store not at \(target + 1).0.0")
        }
        let read = try EvolutionStores.read(at: target, from: store)
        if read.contacts != reference.contacts {
            problems.append("contacts \(read.contacts.map(describe)), expected \(reference.contacts.map(describe))")
        }
        if read.companies.sorted() != reference.companies.sorted() {
            problems.append("companies \(read.companies), expected \(reference.companies)")
        }
        let tables = Dictionary(
            uniqueKeysWithValues: try StoreInspector(url: store).rowCounts().map { ($0.entity, $0.rows) })
        if (tables["Memo"] != nil) != (reference.memos != nil) {
            problems.append("Memo table \(tables["Memo"].map { "holds \($0) rows" } ?? "gone")")
        }
        return problems
    }

    /// The text a seed's number picks.
    private static func text(_ n: Int) -> String { ValueTables.texts[n % ValueTables.texts.count] }

    /// A row with its keys in order, for messages.
    private static func describe(_ row: [String: Field]) -> String {
        "[" + row.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
