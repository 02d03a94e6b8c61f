import Strata
import StrataText

/// What `strata new` reports, shape `strata.new/1`: `{"format", "store", "plan", "version", "entities": [{"name", "rows"}]}`.
struct NewReport: Encodable {
    /// One entity and its generated rows.
    struct Entity: Encodable {
        let name: String
        let rows: Int
    }

    let format = "strata.new/1"
    /// The new store's path.
    let store: String
    /// The plan's name.
    let plan: String
    /// The version the store was created at.
    let version: String
    /// The entities with their row counts.
    let entities: [Entity]

    /// The report as text.
    var textLines: [String] {
        ["Created \(TerminalText.sanitize(store)) at \(version) of plan \(plan):"]
            + entities.map { "  \(TerminalText.sanitize($0.name)): \(CountText.rows($0.rows))" }
    }
}
