import SwiftSyntax

/// The type Swift infers for a stored property written without one (`var createdAt = Date()`), for the defaults
/// apps write: literals, a type's initializer, a static member such as `Date.now` or `Status.draft`.
enum InferredType {
    /// The type of `value`, or nil when it is not one of those shapes.
    static func of(_ value: ExprSyntax) -> TypeSyntax? {
        if value.is(StringLiteralExprSyntax.self) { return named("String") }
        if value.is(IntegerLiteralExprSyntax.self) { return named("Int") }
        if value.is(FloatLiteralExprSyntax.self) { return named("Double") }
        if value.is(BooleanLiteralExprSyntax.self) { return named("Bool") }
        if let call = value.as(FunctionCallExprSyntax.self), let type = typeName(call.calledExpression) {
            // `URL(string:)` is failable.
            let failable = type == "URL" && call.arguments.first?.label?.text == "string"
            return failable ? TypeSyntax(OptionalTypeSyntax(wrappedType: named(type))) : named(type)
        }
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base, let type = typeName(base) {
            return named(type)
        }
        return nil
    }

    /// The type a callee or member base names (`Date`, `Item.Status`), when it starts with a capital letter.
    private static func typeName(_ expression: ExprSyntax) -> String? {
        let text = expression.trimmedDescription
        guard let first = text.first, first.isUppercase,
            text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" })
        else {
            return nil
        }
        return text
    }

    private static func named(_ name: String) -> TypeSyntax {
        TypeSyntax(IdentifierTypeSyntax(name: .identifier(name)))
    }
}
