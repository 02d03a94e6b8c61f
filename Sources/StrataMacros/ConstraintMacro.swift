import SwiftSyntax
import SwiftSyntaxMacros

/// `#Unique` and `#Index`: declarations read by `@Model` from the class body; they expand to nothing.
public struct ConstraintMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}
