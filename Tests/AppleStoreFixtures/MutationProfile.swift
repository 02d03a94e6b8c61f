import Foundation

/// How many mutations a hostile-input run makes, from which seed, and how often one also goes through the real
/// `strata` (docs/SAFETY.md, "Hostile input"): `STRATA_MUTATIONS` (else 100,000 with `STRATA_FULL=1`, else the
/// suite's quick count), `STRATA_MUTATION_SEED` (else 46), `STRATA_MUTATION_CLI_EVERY` (else the suite's own share).
/// Mutation k uses seed `seed + k`, so `STRATA_MUTATION_SEED=S+k STRATA_MUTATIONS=1` replays it alone.
public struct MutationProfile: Sendable {
    /// How many mutations the run makes.
    public let count: Int
    /// The seed of the first.
    public let seed: UInt64
    /// Every how many mutations one also runs through `strata` (those whose index it divides).
    public let cliEvery: Int

    /// The profile the environment asks for; `quick` mutations and one in `cliEvery` through `strata` by default.
    public init(quick: Int, cliEvery: Int) {
        let environment = ProcessInfo.processInfo.environment
        count =
            environment["STRATA_MUTATIONS"].flatMap(Int.init)
            ?? (environment["STRATA_FULL"] == "1" ? 100_000 : quick)
        seed = environment["STRATA_MUTATION_SEED"].flatMap(UInt64.init) ?? 46
        self.cliEvery = max(1, environment["STRATA_MUTATION_CLI_EVERY"].flatMap(Int.init) ?? cliEvery)
    }

    /// The seed of mutation `index`.
    public func seed(of index: Int) -> UInt64 { seed &+ UInt64(index) }

    /// Whether mutation `index` also goes through `strata`.
    public func throughStrata(_ index: Int) -> Bool { index % cliEvery == 0 }
}
