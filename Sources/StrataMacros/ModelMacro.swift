import StrataModelSyntax
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Model`: makes a class a persistent model (backing data, metadata of its properties, conformance).
public struct ModelMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.notAClass))
            return []
        }
        let properties = StoredProperty.persisted(in: classDecl.memberBlock.members)
        diagnose(classDecl.memberBlock.members, in: context)
        let access = classDecl.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        let className = classDecl.name.trimmedDescription
        let storageInits = properties.compactMap { initialisation(of: $0) }.joined(separator: "\n")
        let metadata = properties.map { metadataEntry(for: $0, className: className) }.joined(separator: ",\n")
        return [
            "@Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(\(raw: className).self)",
            "\(raw: access)var persistentBackingData: Strata.BackingData { _$backingData._escaping() }",
            "\(raw: access)var _strataBackingData: Strata.BackingData { _$backingData }",
            """
            \(raw: access)required init(backingData: Strata.BackingData) {
            \(raw: storageInits)
            self._$backingData = Strata.BackingData._adopting(backingData)
            }
            """,
            """
            \(raw: access)static var schemaMetadata: [Strata.PropertyMetadata] {
            [
            \(raw: metadata)
            ]
            }
            """,
        ] + constraintMembers(ModelConstraints(in: classDecl.memberBlock.members), access: access)
    }

    /// `schemaUniqueness` and `schemaIndexes` for the `#Unique` and `#Index` groups of the class body, when it has any.
    static func constraintMembers(_ constraints: ModelConstraints, access: String) -> [DeclSyntax] {
        func literal(_ groups: [[String]]) -> String {
            "["
                + groups.map {
                    "[" + $0.map { "\(StringLiteralExprSyntax(content: $0))" }.joined(separator: ", ") + "]"
                }
                .joined(separator: ", ") + "]"
        }
        var members: [DeclSyntax] = []
        if !constraints.unique.isEmpty {
            members.append(
                "\(raw: access)static var schemaUniqueness: [[String]] { \(raw: literal(constraints.unique)) }")
        }
        if !constraints.indexes.isEmpty {
            members.append(
                "\(raw: access)static var schemaIndexes: [[String]] { \(raw: literal(constraints.indexes)) }")
        }
        return members
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard declaration.is(ClassDeclSyntax.self), let variable = member.as(VariableDeclSyntax.self),
            let property = StoredProperty.all(in: variable).first,
            !property.isTransient, !property.isLet, !property.isRejected, property.name != "_$backingData"
        else { return [] }
        return ["@Strata._PersistedProperty"]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): Strata.PersistentModel {}")]
    }

    /// What `init(backingData:)` does for a property: a `var` gets its placeholder storage; a `let` is read
    /// from the row being handed over, unless it has an initial value, which Swift lets no initialiser replace.
    static func initialisation(of property: StoredProperty) -> String? {
        guard property.isLet else { return "self._\(property.name) = Strata._PersistedStorage()" }
        guard property.initializer == nil else { return nil }
        return
            "self.\(property.name) = backingData._constantValue(forKey: \(StringLiteralExprSyntax(content: property.name)))"
    }

    /// One `PropertyMetadata(...)` expression: name, key path, default and the annotation's arguments.
    static func metadataEntry(for property: StoredProperty, className: String) -> String {
        var arguments = ["\(StringLiteralExprSyntax(content: property.name))", "\\\(className).\(property.name)"]
        if property.isLet { arguments.append("constant: true") }
        if let initializer = property.initializer {
            arguments.append("default: { \(initializer.trimmedDescription) }")
            arguments.append("defaultExpression: \(StringLiteralExprSyntax(content: initializer.trimmedDescription))")
        }
        if let attribute = property.attribute(named: "Attribute") {
            arguments.append(
                "attribute: Strata.PropertyMetadata.AttributeInfo(\(attribute.arguments?.trimmedDescription ?? ""))")
        }
        if let relationship = property.attribute(named: "Relationship") {
            arguments.append(
                "relationship: Strata.PropertyMetadata.RelationshipInfo(\(relationship.arguments?.trimmedDescription ?? ""))"
            )
        }
        return "Strata.PropertyMetadata(\(arguments.joined(separator: ", ")))"
    }

    /// Reports properties the model cannot store, at the property.
    static func diagnose(_ members: MemberBlockItemListSyntax, in context: some MacroExpansionContext) {
        for decl in members.compactMap({ $0.decl.as(VariableDeclSyntax.self) }) {
            for property in StoredProperty.all(in: decl) {
                if property.isTransient {
                    if property.initializer == nil {
                        context.diagnose(Diagnostic(node: decl, message: ModelDiagnostic.transientWithoutDefault))
                    }
                    continue
                }
                if property.isLetWithInitialValue {
                    context.diagnose(Diagnostic(node: decl, message: ModelDiagnostic.letWithInitialValue))
                }
                if property.isRejected {
                    context.diagnose(Diagnostic(node: decl, message: ModelDiagnostic.missingType))
                } else if property.name == "_pk" {
                    context.diagnose(Diagnostic(node: decl, message: ModelDiagnostic.reservedName))
                } else if let type = property.type, !isStorable(type) {
                    context.diagnose(Diagnostic(node: type, message: ModelDiagnostic.unsupportedType))
                }
            }
        }
    }

    /// False for types no store can hold: functions, tuples, `Any`, `AnyObject` and existentials.
    static func isStorable(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) || type.is(CompositionTypeSyntax.self) { return false }
        if let tuple = type.as(TupleTypeSyntax.self) {
            return tuple.elements.count == 1 && tuple.elements.first.map { isStorable($0.type) } ?? false
        }
        if type.is(SomeOrAnyTypeSyntax.self) { return false }
        if let optional = type.as(OptionalTypeSyntax.self) { return isStorable(optional.wrappedType) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return isStorable(optional.wrappedType)
        }
        if let array = type.as(ArrayTypeSyntax.self) { return isStorable(array.element) }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return isStorable(dictionary.key) && isStorable(dictionary.value)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return !["Any", "AnyObject", "Void", "Never"].contains(identifier.name.text)
        }
        return true
    }
}
