import Strata
import SwiftSyntax

/// One `VersionedSchema` read from the sources: its version, its schema, and where it and its models are.
package struct SourceVersion: Sendable {
    /// The type's name as `String(describing:)` prints it ("SchemaV1").
    package let name: String
    /// The schema, built as the run time builds the compiled type's.
    package let schema: Schema
    /// Where the type is declared.
    package let location: SourceLocation
    /// Where `versionIdentifier` is declared.
    package let versionLocation: SourceLocation?
    /// True when `versionIdentifier` is a stored `static var` (Swift 6 rejects it as global mutable state).
    package let versionIsStoredVar: Bool
    /// The qualified names of its model types, as `models` lists them.
    package let modelNames: [String]
    /// Where each model type is listed in `models`, by qualified name.
    package let modelLocations: [String: SourceLocation]
    /// Each entity's model class, by qualified name (`SchemaV2.Loan` for entity Loan): the scope its properties'
    /// types are resolved in.
    package let modelTypes: [String: String]
    /// The schema's problems (model mistakes, inverses that cannot be paired) at the properties they concern.
    package let problems: [SourceProblem]
    /// Where each entity's model class and each of its stored properties are declared.
    package let places: Places

    /// Where a version's entities and properties are declared, by entity name (and property name).
    package struct Places: Sendable {
        /// Each entity's model class declaration.
        package var entities: [String: SourceLocation] = [:]
        /// Each entity's stored properties' declarations, by property name.
        package var properties: [String: [String: SourceLocation]] = [:]

        /// The property's declaration, else its entity's, else nil.
        package func location(entity: String, property: String?) -> SourceLocation? {
            property.flatMap { properties[entity]?[$0] } ?? entities[entity]
        }
    }
}
