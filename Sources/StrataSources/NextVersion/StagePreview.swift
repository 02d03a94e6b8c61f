import Strata

/// The stage `strata next-version` would write between two versions of a plan read from sources, as the UI's Diff
/// pane shows it (read-only): its Swift, or the decision it needs, and the command line that writes it.
package enum StagePreview {
    /// The lines for the stage from `from` to `to` of the app in `folder` (`--sources` as the user gave it).
    package static func lines(from: SourceVersion, to: SourceVersion, folder: String) -> [String] {
        let diff = SchemaDiff(from: from.schema, to: to.schema)
        let command = "strata next-version --sources \(folder) --frozen strata-freeze.json --write"
        guard !diff.isEmpty else { return ["No change: no stage is needed.", "", "Written by: \(command)"] }
        let code = StageCode(
            diff: diff, request: NextVersionRequest(), name: StageCode.name(from: from.name, to: to.name),
            fromType: from.name, toType: to.name, oldTypes: from.modelTypes, newTypes: to.modelTypes)
        do {
            let (kind, text) = try code.declaration()
            return ["A \(kind) stage:", ""]
                + text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                + ["", "Written by: \(command)"]
        } catch let refusal as NextVersionRefusal {
            return [
                "Strata needs a decision before it can write this stage:", refusal.description, "",
                "Give it to: \(command) (with the flag named above)",
            ]
        } catch {
            return ["\(error)"]
        }
    }
}
