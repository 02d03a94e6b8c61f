import Foundation
import PropertyBased
import Testing

/// Random contacts, companies and memos written at a route's first version and migrated along random routes
/// (lightweight, custom and inferred stages) through `Evolution`, against `EvolutionReference`. Serialized: the
/// route is shared state of `EvolutionPlan`.
@Suite(.serialized) struct EvolutionPropertyTests {
    static let seed = zip(
        Gen.int(in: 0...99), Gen.int(in: 0...99), Gen.int(in: 0...99).optional, Gen.int(in: 0...99),
        Gen.int(in: 0...9).optional
    )
    .map { EvolutionSeed(name: $0.0, phone: $0.1, email: $0.2, age: $0.3, company: $0.4) }
    static let input = zip(
        seed.array(of: 0...6), Gen.int(in: 0...3), Gen.int(in: 0...3),
        Gen.int(in: 0...(EvolutionProperty.routes.count - 1)))

    @Test func migratedDataMatchesTheReference() async throws {
        await propertyCheck(count: ContextModelTests.sequences(quick: 40), input: Self.input) {
            seeds, companies, memos, route in
            let problems = try EvolutionProperty.problems(
                seeds: seeds, companies: companies, memos: memos, route: EvolutionProperty.routes[route])
            #expect(problems.isEmpty, "\(EvolutionProperty.routes[route]): \(problems.joined(separator: "\n"))")
        }
    }

    /// Every route once, with two contacts of each shape.
    @Test(arguments: 0..<EvolutionProperty.routes.count)
    func everyRoute(_ route: Int) throws {
        let seeds = [
            EvolutionSeed(name: 5, phone: 3, email: 1, age: 6, company: 0),
            EvolutionSeed(name: 0, phone: 0, email: nil, age: 7, company: nil),
        ]
        let problems = try EvolutionProperty.problems(
            seeds: seeds, companies: 2, memos: 1, route: EvolutionProperty.routes[route])
        #expect(problems.isEmpty, "\(EvolutionProperty.routes[route]): \(problems.joined(separator: "\n"))")
    }
}
