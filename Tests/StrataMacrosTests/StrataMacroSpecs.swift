import StrataMacros
import SwiftSyntaxMacroExpansion

/// The macros as the compiler sees them, by the names `Strata` declares; `@Model` is told to add the
/// `PersistentModel` conformance, as the compiler does for a class that lacks it.
let strataMacroSpecs: [String: MacroSpec] = [
    "Model": MacroSpec(type: ModelMacro.self, conformances: ["PersistentModel"]),
    "_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self),
    "Attribute": MacroSpec(type: MarkerMacro.self),
    "Relationship": MacroSpec(type: MarkerMacro.self),
    "Transient": MacroSpec(type: MarkerMacro.self),
    "Unique": MacroSpec(type: ConstraintMacro.self),
    "Index": MacroSpec(type: ConstraintMacro.self),
]
