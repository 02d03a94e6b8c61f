import SwiftSyntax
import SwiftSyntaxMacros

/// `@ModelActor`: gives an actor a model container, a context of its own run by its serial executor, and
/// `init(modelContainer:)`, as SwiftData's macro does.
public struct ModelActorMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let access = declaration.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        return [
            "\(raw: access)nonisolated let modelExecutor: any Strata.ModelExecutor",
            "\(raw: access)nonisolated let modelContainer: Strata.ModelContainer",
            """
            \(raw: access)init(modelContainer: Strata.ModelContainer) {
            let modelContext = Strata.ModelContext(modelContainer)
            self.modelExecutor = Strata.DefaultSerialModelExecutor(modelContext: modelContext)
            self.modelContainer = modelContainer
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): Strata.ModelActor {}")]
    }
}
