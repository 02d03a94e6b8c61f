import Strata
import StrataText

/// One schema change in reports: `{"entity", "property"?, "marker", "description", "classification", "reason"?, "fix"?,
/// "loss"?, "step"?, "doneBy"?}`.
struct ChangeEntry: Encodable {
    /// The entity the change belongs to.
    let entity: String
    /// The attribute or relationship (absent for whole-entity changes).
    let property: String?
    /// "+" added, "-" removed, "~" modified.
    let marker: String
    /// One line, such as "Book.isbnCode renamed from isbn".
    let description: String
    /// "lightweight", "custom" or "destructive".
    let classification: String
    /// Why a lightweight stage cannot do it (custom changes).
    let reason: String?
    /// What usually solves it (custom changes).
    let fix: String?
    /// Which data disappears (destructive changes).
    let loss: String?
    /// The step ("1.0.0 -> 2.0.0") of a diff that spans several versions.
    var step: String?
    /// Who makes a custom change that is already in a custom stage ("this custom stage's code"), in place of the
    /// usual fix: nothing to advise (issue 44, item 9).
    var doneBy: String?

    /// The entry of a typed change; `inCustomStage` for a change a custom stage of the plan makes.
    init(_ change: SchemaChange, inCustomStage: Bool = false) {
        entity = change.entity
        property = change.property
        marker = change.marker
        description = change.description
        classification = change.classification.label
        switch change.classification {
        case .lightweight:
            (reason, fix, loss) = (nil, nil, nil)
        case .custom(let why, _) where inCustomStage:
            (reason, fix, loss) = (why, nil, nil)
            doneBy = "this custom stage's code (its result is checked when the stage ends)"
        case .custom(let why, let remedy):
            (reason, fix, loss) = (why, remedy, nil)
        case .destructive(let lost):
            (reason, fix, loss) = (nil, nil, lost)
        }
    }

    /// "~ Book.isbnCode renamed from isbn  [lightweight]", then the reason and fix, or the loss, indented.
    func textLines(style: TextStyle) -> [String] {
        let label =
            switch classification {
            case "custom": style.yellow("[custom]")
            case "destructive": style.red("[destructive]")
            default: style.green("[lightweight]")
            }
        var lines = ["\(marker) \(TerminalText.sanitize(description))  \(label)"]
        if let reason { lines.append("    why: \(TerminalText.sanitize(reason))") }
        if let fix { lines.append("    fix: \(TerminalText.sanitize(fix))") }
        if let doneBy { lines.append("    done by: \(doneBy)") }
        if let loss { lines.append("    loses: \(TerminalText.sanitize(loss))") }
        return lines
    }
}
