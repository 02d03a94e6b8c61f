import SwiftParser
import SwiftSyntax

/// The type Swift infers for a stored property written without one (`var createdAt = Date()`), for the defaults
/// apps write: literals, a type's initializer (`Date()`, `[Card]()`, `Set<String>()`), a static member such as
/// `Date.now`, `Status.draft` or `Owner?.none`.
enum InferredType {
    /// The type of `value`, or nil when it is not one of those shapes.
    static func of(_ value: ExprSyntax) -> TypeSyntax? {
        if value.is(StringLiteralExprSyntax.self) { return parsed("String") }
        if value.is(IntegerLiteralExprSyntax.self) { return parsed("Int") }
        if value.is(FloatLiteralExprSyntax.self) { return parsed("Double") }
        if value.is(BooleanLiteralExprSyntax.self) { return parsed("Bool") }
        if let call = value.as(FunctionCallExprSyntax.self), let type = type(named: call.calledExpression) {
            // `URL(string:)` is failable.
            let failable = type.trimmedDescription == "URL" && call.arguments.first?.label?.text == "string"
            return failable ? TypeSyntax(OptionalTypeSyntax(wrappedType: type)) : type
        }
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base, let type = type(named: base) {
            return type
        }
        return nil
    }

    /// The type an initializer's callee or a member's base names (`Date`, `Item.Status`, `[Card]`, `[String: Int]`,
    /// `Owner?`, `Set<String>`), when it is written as a type.
    private static func type(named expression: ExprSyntax) -> TypeSyntax? {
        let text = expression.trimmedDescription
        guard let first = text.first, first.isUppercase || first == "[",
            text.allSatisfy({
                $0.isLetter || $0.isNumber || "._<>[]:?, ".contains($0)
            })
        else {
            return nil
        }
        return parsed(text)
    }

    /// `text` parsed as a type, or nil when it does not parse cleanly.
    private static func parsed(_ text: String) -> TypeSyntax? {
        var parser = Parser(text)
        let type = TypeSyntax.parse(from: &parser)
        return type.hasError || type.trimmedDescription != text ? nil : type
    }
}
