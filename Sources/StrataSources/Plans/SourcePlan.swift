import Strata

/// A `SchemaMigrationPlan` read from an app's sources without compiling them: its versions and stages.
package struct SourcePlan: Sendable {
    /// The plan's type name ("NotesMigrationPlan"), as `String(describing:)` prints the compiled type.
    package let name: String
    /// The name with its enclosing types ("Bookshelf.Plan"), which `--plan` takes when plain names repeat.
    package let qualifiedName: String
    /// Where the plan is declared.
    package let location: SourceLocation
    /// The versions, in the plan's order.
    package let versions: [SourceVersion]
    /// The stages, in the plan's order.
    package let stages: [SourceStage]
    /// What could not be read (a stage or version written in a shape Strata does not follow).
    package let problems: [SourceProblem]

    /// Validates the plan as the engine validates a compiled one; reading problems come first.
    package func check() -> (ValidatedPlan, problems: [String]) {
        let (validated, problems) = diagnose()
        return (validated, self.problems.map(\.description) + problems.map(\.description))
    }

    /// Validates the plan as `check` does, saying what each of the engine's problems is about (reading problems are
    /// in `problems`).
    package func diagnose() -> (ValidatedPlan, problems: [PlanProblem]) {
        ValidatedPlan.diagnose(
            name: name, schemas: versions.map(\.schema), stages: stages.map(\.declaration),
            schemaNames: versions.map(\.name))
    }

    /// The plan a dry run can run to its failing stage despite its problems (see `ValidatedPlan.runnable`); nil when
    /// reading found problems or one makes the plan unusable.
    package var runnable: ValidatedPlan? { problems.isEmpty ? ValidatedPlan.runnable(diagnose()) : nil }

    /// The checked plan; throws `MigrationError.invalidPlan` with every problem when it has any.
    package func validated() throws -> ValidatedPlan {
        try ValidatedPlan(checked: check())
    }
}
