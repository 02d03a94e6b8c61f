import SwiftSyntax

/// The `#Unique` and `#Index` declarations of a `@Model` class body, as groups of property names.
///
/// Shared by the `@Model` macro and the reader of an app's sources (StrataSources), so both see the same groups.
public struct ModelConstraints: Equatable {
    /// Each `#Unique` group: the properties whose values together must be unique.
    public var unique: [[String]] = []
    /// Each `#Index` group: the properties an index covers, in order.
    public var indexes: [[String]] = []

    /// Reads the `#Unique<T>([\.a, \.b], ...)` and `#Index<T>([\.a], ...)` declarations among a class's members.
    public init(in members: MemberBlockItemListSyntax) {
        for member in members {
            guard let expansion = member.decl.as(MacroExpansionDeclSyntax.self) else { continue }
            let groups = expansion.arguments.compactMap { Self.names(in: $0.expression) }
            switch expansion.macroName.text {
            case "Unique": unique += groups
            case "Index": indexes += groups
            default: continue
            }
        }
    }

    /// True when the class declares neither.
    public var isEmpty: Bool { unique.isEmpty && indexes.isEmpty }

    /// The property names of an array of key paths (`[\.a, \Person.b]`); nil for anything else.
    static func names(in expression: ExprSyntax) -> [String]? {
        guard let array = expression.as(ArrayExprSyntax.self) else { return nil }
        let names = array.elements.compactMap { element -> String? in
            guard let keyPath = element.expression.as(KeyPathExprSyntax.self) else { return nil }
            let parts = keyPath.components.compactMap { component -> String? in
                guard case .property(let property) = component.component else { return nil }
                return property.declName.baseName.text.trimmingBackticks
            }
            return parts.isEmpty ? nil : parts.joined(separator: ".")
        }
        return names.count == array.elements.count && !names.isEmpty ? names : nil
    }
}
