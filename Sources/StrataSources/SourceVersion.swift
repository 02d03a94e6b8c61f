import Strata
import SwiftSyntax

/// One `VersionedSchema` read from the sources: its version, its schema, and where it and its models are.
public struct SourceVersion: Sendable {
    /// The type's name as `String(describing:)` prints it ("SchemaV1").
    public let name: String
    /// The schema, built as the run time builds the compiled type's.
    public let schema: Schema
    /// Where the type is declared.
    public let location: SourceLocation
    /// Where `versionIdentifier` is declared.
    public let versionLocation: SourceLocation?
    /// True when `versionIdentifier` is a stored `static var` (Swift 6 rejects it as global mutable state).
    public let versionIsStoredVar: Bool
    /// The qualified names of its model types, as `models` lists them.
    public let modelNames: [String]
    /// Where each model type is listed in `models`, by qualified name.
    public let modelLocations: [String: SourceLocation]
    /// The schema's problems (model mistakes, inverses that cannot be paired) at the properties they concern.
    public let problems: [SourceProblem]
}
