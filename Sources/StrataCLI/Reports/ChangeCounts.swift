/// How many changes of each classification: `{"lightweight", "custom", "destructive"}`.
struct ChangeCounts: Encodable {
    /// Changes a lightweight stage does without loss.
    let lightweight: Int
    /// Changes that need a custom stage.
    let custom: Int
    /// Changes that lose data.
    let destructive: Int

    /// Counts the entries' classifications.
    init(_ changes: [ChangeEntry]) {
        lightweight = changes.count { $0.classification == "lightweight" }
        custom = changes.count { $0.classification == "custom" }
        destructive = changes.count { $0.classification == "destructive" }
    }

    /// "3 changes: 1 lightweight, 1 custom, 1 destructive" (or "no changes").
    var text: String {
        let total = lightweight + custom + destructive
        guard total > 0 else { return "no changes" }
        let parts = [(lightweight, "lightweight"), (custom, "custom"), (destructive, "destructive")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "\(total) change\(total == 1 ? "" : "s"): \(parts.joined(separator: ", "))"
    }
}
