import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides Strata's model macros.
@main
struct StrataMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        ModelMacro.self,
        ModelActorMacro.self,
        PersistedPropertyMacro.self,
        MarkerMacro.self,
        ConstraintMacro.self,
    ]
}
