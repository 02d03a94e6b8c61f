import Strata
import StrataText

/// What `strata freeze` reports, shape `strata.freeze-report/1`: `{"format", "file", "plan", "versions", "added"}`.
struct FreezeReport: Encodable {
    let format = "strata.freeze-report/1"
    /// The file written.
    let file: String
    /// The plan's type name.
    let plan: String
    /// Every version the file records.
    let versions: [String]
    /// The versions this run added.
    let added: [String]

    /// The report as text.
    var textLines: [String] {
        [
            "\(TerminalText.sanitize(file)): \(plan), \(versions.count) version\(versions.count == 1 ? "" : "s") recorded (\(versions.joined(separator: ", ")))",
            added.isEmpty
                ? "Nothing new: every version was recorded already." : "Added: \(added.joined(separator: ", ")).",
        ]
    }
}
