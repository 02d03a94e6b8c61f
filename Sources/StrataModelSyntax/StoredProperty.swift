import SwiftSyntax

/// A stored `var` of a `@Model` class as the macros see it: its name, type, default and annotations.
///
/// Shared by the `@Model` macro and the reader of an app's sources (StrataSources), so both see the same properties.
public struct StoredProperty {
    /// The declaration holding the binding.
    public let decl: VariableDeclSyntax
    /// The property name, without backticks.
    public let name: String
    /// The written type annotation, if any.
    public let type: TypeSyntax?
    /// The written default, if any.
    public let initializer: ExprSyntax?

    /// The stored, non-transient properties of a class body that can be stored, in declaration order.
    public static func persisted(in members: some Sequence<MemberBlockItemSyntax>) -> [StoredProperty] {
        members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(StoredProperty.all(in:)).filter {
            !$0.isTransient && !$0.isRejected
        }
    }

    /// Every stored property a variable declaration introduces (one per binding).
    public static func all(in decl: VariableDeclSyntax) -> [StoredProperty] {
        guard
            !decl.modifiers.contains(where: {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            })
        else {
            return []
        }
        return decl.bindings.compactMap { binding in
            guard binding.accessorBlock == nil || binding.isObservingOnly,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription
            else { return nil }
            return StoredProperty(
                decl: decl, name: name.trimmingBackticks, type: binding.typeAnnotation?.type,
                initializer: binding.initializer?.value)
        }
    }

    /// True for `@Transient` properties.
    public var isTransient: Bool { attribute(named: "Transient") != nil }
    /// True for `let` properties.
    public var isLet: Bool { decl.bindingSpecifier.tokenKind == .keyword(.let) }
    /// True for what `@Model` diagnoses instead of storing: a property with neither a type nor an initial value.
    public var isRejected: Bool { type == nil && initializer == nil }
    /// True for a `let` with an initial value (`let id = UUID()`): stored as inserted, but an object read from the
    /// store keeps the value its initial value gives it, as in SwiftData (Swift lets no initialiser replace it).
    public var isLetWithInitialValue: Bool { isLet && initializer != nil }

    /// The attribute written on the declaration with this name (`Attribute`, `Relationship`, `Transient`).
    public func attribute(named wanted: String) -> AttributeSyntax? {
        decl.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { attribute in
            let name = attribute.attributeName.trimmedDescription
            return name == wanted || name == "Strata.\(wanted)" || name == "SwiftData.\(wanted)"
        }
    }
}

extension PatternBindingSyntax {
    /// A binding with only `willSet` / `didSet` is still stored.
    public var isObservingOnly: Bool {
        guard case .accessors(let accessors)? = accessorBlock?.accessors else { return false }
        return accessors.allSatisfy {
            $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
        }
    }
}

extension String {
    /// The identifier without the backticks that escape it.
    public var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }
}
