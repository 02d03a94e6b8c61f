import StrataModelSyntax
import SwiftSyntax
import SwiftSyntaxMacros

/// `@_PersistedProperty`: turns a stored property of a `@Model` class into accessors over its backing data.
///
/// The init accessor lets designated initialisers assign the property (`self.title = title`) and lets a
/// declared default (`var order: Int = 0`) reach the backing data; the peer `_name` storage makes definite
/// initialisation require every persisted property to be assigned, as for a plain stored property.
public struct PersistedPropertyMacro: AccessorMacro, PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self),
            let property = StoredProperty.all(in: variable).first
        else { return [] }
        let key = StringLiteralExprSyntax(content: property.name)
        return [
            """
            @storageRestrictions(accesses: _$backingData, initializes: _\(raw: property.name))
            init(initialValue) {
                _$backingData.setInitialValue(initialValue, forKey: \(key))
                _\(raw: property.name) = Strata._PersistedStorage()
            }
            """,
            "get { _$backingData.getValue(forKey: \(key), of: self) }",
            "set { _$backingData.setValue(newValue, forKey: \(key), of: self) }",
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self),
            let property = StoredProperty.all(in: variable).first
        else { return [] }
        return ["@Strata.Transient private var _\(raw: property.name): Strata._PersistedStorage"]
    }
}
