import SwiftOperators
import SwiftSyntax

/// The values of literal expressions as Swift evaluates them: strings without interpolation (escapes resolved),
/// integers (signed, hexadecimal, octal, binary, with underscores), floating-point numbers, Booleans, and arithmetic
/// on number literals (`60 * 60 * 24`, `(1 + 2) / 4`) with Swift's precedence.
enum StaticLiteral {
    /// The text of a string literal without interpolations, or nil.
    static func string(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += piece.content.text
        }
        return literal.openingPounds == nil ? unescaped(text) : text
    }

    /// The value of an integer literal, possibly negated, or of integer arithmetic on such literals (`/` truncating,
    /// as Swift's integers divide); nil otherwise, and for an overflow or a division by zero (which Swift rejects).
    static func integer(_ written: ExprSyntax) -> Int64? {
        let expression = parenthesized(written)
        if let negated = negatedOperand(expression) { return integer(negated).map { -$0 } }
        if let (left, operation, right) = arithmetic(expression) {
            guard let left = integer(left), let right = integer(right) else { return nil }
            let result: (partialValue: Int64, overflow: Bool)
            switch operation {
            case "+": result = left.addingReportingOverflow(right)
            case "-": result = left.subtractingReportingOverflow(right)
            case "*": result = left.multipliedReportingOverflow(by: right)
            case "/" where right != 0: result = left.dividedReportingOverflow(by: right)
            case "%" where right != 0: result = left.remainderReportingOverflow(dividingBy: right)
            default: return nil
            }
            return result.overflow ? nil : result.partialValue
        }
        guard let literal = expression.as(IntegerLiteralExprSyntax.self) else { return nil }
        let digits = literal.literal.text.replacingOccurrences(of: "_", with: "")
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return Int64(digits.dropFirst(2), radix: radix)
        }
        return Int64(digits)
    }

    /// The value of a floating-point or integer literal, possibly negated, or of arithmetic on such literals as a
    /// floating-point type evaluates it (`7 / 2` is 3.5), or nil.
    static func number(_ written: ExprSyntax) -> Double? {
        let expression = parenthesized(written)
        if let negated = negatedOperand(expression) { return number(negated).map { -$0 } }
        if let (left, operation, right) = arithmetic(expression) {
            guard let left = number(left), let right = number(right) else { return nil }
            switch operation {
            case "+": return left + right
            case "-": return left - right
            case "*": return left * right
            case "/" where right != 0: return left / right
            default: return nil
            }
        }
        if let literal = expression.as(FloatLiteralExprSyntax.self) {
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        return integer(expression).map(Double.init)
    }

    /// The written text of a number literal (possibly negated), for types that keep it exactly (Decimal).
    static func numberText(_ expression: ExprSyntax) -> String? {
        if let negated = negatedOperand(expression) { return numberText(negated).map { "-" + $0 } }
        if let literal = expression.as(FloatLiteralExprSyntax.self) {
            return literal.literal.text.replacingOccurrences(of: "_", with: "")
        }
        return expression.as(IntegerLiteralExprSyntax.self)?.literal.text.replacingOccurrences(of: "_", with: "")
    }

    /// `true` or `false`, or nil.
    static func bool(_ expression: ExprSyntax) -> Bool? {
        expression.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
    }

    /// The operands and operator of `left op right`, the sequence folded with Swift's standard operator precedence;
    /// nil for anything else.
    private static func arithmetic(_ expression: ExprSyntax) -> (ExprSyntax, String, ExprSyntax)? {
        let folded: ExprSyntax
        if let sequence = expression.as(SequenceExprSyntax.self) {
            guard let result = try? OperatorTable.standardOperators.foldSingle(sequence) else { return nil }
            folded = result
        } else {
            folded = expression
        }
        guard let infix = folded.as(InfixOperatorExprSyntax.self),
            let operation = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        else { return nil }
        return (infix.leftOperand, operation, infix.rightOperand)
    }

    /// The expression inside any parentheses (`((60 * 60))`), or the expression itself.
    private static func parenthesized(_ expression: ExprSyntax) -> ExprSyntax {
        insideParentheses(expression).map(parenthesized) ?? expression
    }

    /// What one pair of parentheses holds (`(x)`: a tuple of one unlabeled element), or nil.
    static func insideParentheses(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.label == nil
        else { return nil }
        return only.expression
    }

    /// The operand of `-x`, or nil.
    private static func negatedOperand(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" else { return nil }
        return prefix.expression
    }

    /// A string literal's text with its escapes (`\n`, `\t`, `\"`, `\\`, `\0`, `\u{…}`) resolved.
    private static func unescaped(_ text: String) -> String {
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let escaped = characters.next() else {
                result.append(character)
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "u":
                var hex = ""
                while let next = characters.next(), next != "}" {
                    if next == "{" { continue }
                    hex.append(next)
                }
                if let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) { result.append(Character(scalar)) }
            default: result.append(escaped)
            }
        }
        return result
    }
}
