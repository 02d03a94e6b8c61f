import Foundation
import Strata
import StrataModelSyntax
import SwiftSyntax

/// A stored property's default evaluated from its source, as the compiled model stores it: literals, `nil`, empty
/// and literal collections, enum cases (by raw value, or as synthesized `Codable` writes a case), `Date.now`,
/// `UUID()`, `URL(string:)!` and the like. Anything else (a call into the app's code, a struct's initializer) is
/// `.unknown`, named rather than guessed.
struct StaticDefault {
    let index: DeclarationIndex

    /// The stored default of a property of written type `shape` (resolved) and stored `valueType`, written `expression`.
    func evaluate(_ expression: ExprSyntax, shape: TypeShape, valueType: ValueType) -> StoredDefault {
        let unknown = StoredDefault.unknown(expression: expression.trimmedDescription)
        let value = Self.unwrapped(expression)
        if value.is(NilLiteralExprSyntax.self) { return .null }
        let (base, _) = shape.unwrappingOptional
        switch valueType {
        case .string:
            if let text = StaticLiteral.string(value) { return .text(text) }
            return Self.isEmptyInitializer(value, of: "String") ? .text("") : unknown
        case .bool:
            return StaticLiteral.bool(value).map { .integer($0 ? 1 : 0) } ?? unknown
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            if Self.isZero(value) { return .integer(0) }
            if let bound = Self.integerBound(value, of: valueType) { return .integer(bound) }
            return StaticLiteral.integer(value).map(StoredDefault.integer) ?? unknown
        case .double:
            if Self.isZero(value) { return .real(0) }
            return StaticLiteral.number(value).map(StoredDefault.real) ?? unknown
        case .float:
            if Self.isZero(value) { return .real(0) }
            return StaticLiteral.number(value).map { .real(Double(Float($0))) } ?? unknown
        case .decimal:
            if Self.isZero(value) { return .text("0") }
            if let text = Self.stringArgument(value, of: "Decimal", label: "string") {
                return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map { .text($0.description) }
                    ?? unknown
            }
            if let text = StaticLiteral.numberText(value), let number = Double(text) {
                // A literal becomes a Decimal through Int or Double, as `ExpressibleBy…Literal` makes it.
                let decimal = StaticLiteral.integer(value).map { Decimal($0) } ?? Decimal(number)
                return .text(decimal.description)
            }
            return unknown
        case .date:
            return date(value) ?? unknown
        case .data:
            return Self.isEmptyInitializer(value, of: "Data") ? .blob(Data()) : unknown
        case .uuid:
            if Self.isEmptyInitializer(value, of: "UUID") { return .newUUID }
            if let text = Self.stringArgument(value, of: "UUID", label: "uuidString"), let uuid = UUID(uuidString: text)
            {
                return .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) })
            }
            return unknown
        case .url:
            if let text = Self.stringArgument(value, of: "URL", label: "string"), let url = URL(string: text) {
                return .text(url.absoluteString)
            }
            return unknown
        case .rawRepresentable:
            guard case .named(_, let declared?, _) = base, let raw = enumCase(value, of: declared)?.raw else {
                return unknown
            }
            switch raw {
            case .text(let text): return .text(text)
            case .integer(let number): return .integer(number)
            }
        case .codable:
            guard let json = json(value, shape: base), let text = try? StoredJSON.text(of: json) else { return unknown }
            return .text(text)
        }
    }

    /// `Date.now`, `Date()` (the migration's time) and fixed dates (`.distantPast`, `timeIntervalSince1970:`).
    private func date(_ value: ExprSyntax) -> StoredDefault? {
        if Self.isEmptyInitializer(value, of: "Date") { return .currentDate }
        if let member = Self.member(value, of: "Date") {
            switch member {
            case "now": return .currentDate
            case "distantPast": return .real(Date.distantPast.timeIntervalSinceReferenceDate)
            case "distantFuture": return .real(Date.distantFuture.timeIntervalSinceReferenceDate)
            default: return nil
            }
        }
        guard let call = value.as(FunctionCallExprSyntax.self), Self.names(call.calledExpression, "Date"),
            let argument = call.arguments.first, call.arguments.count == 1,
            let seconds = StaticLiteral.number(argument.expression)
        else { return nil }
        switch argument.label?.text {
        case "timeIntervalSinceReferenceDate": return .real(seconds)
        case "timeIntervalSince1970": return .real(Date(timeIntervalSince1970: seconds).timeIntervalSinceReferenceDate)
        default: return nil
        }
    }

    /// The JSON a value of `shape` is stored as (Strata stores Codable values as JSON), or nil when the expression
    /// is not one the sources can evaluate.
    private func json(_ expression: ExprSyntax, shape: TypeShape) -> StoredJSON? {
        let value = Self.unwrapped(expression)
        switch shape {
        case .optional(let wrapped):
            return value.is(NilLiteralExprSyntax.self) ? .null : json(value, shape: wrapped)
        case .array(let element):
            if let array = value.as(ArrayExprSyntax.self) {
                let elements = array.elements.map { json($0.expression, shape: element) }
                return elements.contains { $0 == nil } ? nil : .array(elements.compactMap { $0 })
            }
            return Self.isEmptyCollection(value) ? .array([]) : nil
        case .dictionary(let key, let element):
            if let dictionary = value.as(DictionaryExprSyntax.self) {
                guard case .elements(let pairs) = dictionary.content else { return .object([:]) }
                guard case .named("String", nil, _) = key else { return nil }
                var object: [String: StoredJSON] = [:]
                for pair in pairs {
                    guard let name = StaticLiteral.string(pair.key), let value = json(pair.value, shape: element)
                    else { return nil }
                    object[name] = value
                }
                return .object(object)
            }
            return Self.isEmptyCollection(value) ? .object([:]) : nil
        case .named(let name, let declared, let arguments):
            if let declared {
                return declared.isEnum ? enumJSON(value, of: declared) : nil
            }
            switch name {
            case "String": return StaticLiteral.string(value).map(StoredJSON.string)
            case "Bool": return StaticLiteral.bool(value).map(StoredJSON.bool)
            case "Double", "CGFloat": return StaticLiteral.number(value).map(StoredJSON.real)
            case "Float": return StaticLiteral.number(value).map { .float(Float($0)) }
            case "Set" where arguments.count == 1:
                // A set's order is not fixed: only an empty one (or one element) has a known encoding.
                guard let array = json(value, shape: .array(arguments[0])), case .array(let items) = array,
                    items.count <= 1
                else { return Self.isEmptyCollection(value) ? .array([]) : nil }
                return array
            default:
                if PropertyType.native[name]?.sqlType == "INTEGER", name != "Bool" {
                    return StaticLiteral.integer(value).map(StoredJSON.integer)
                }
                return nil
            }
        case .unsupported:
            return nil
        }
    }

    /// A case of an enum of the sources, as synthesized `Codable` writes it: its raw value, `{"name":{}}`, or
    /// `{"name":{"_0":…}}` with its associated values.
    private func enumJSON(_ value: ExprSyntax, of type: DeclarationIndex.TypeDecl) -> StoredJSON? {
        guard let found = enumCase(value, of: type) else { return nil }
        switch found.raw {
        case .text(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case nil: break
        }
        let arguments = value.as(FunctionCallExprSyntax.self)?.arguments.map(\.expression) ?? []
        guard arguments.count == found.associated.count else { return nil }
        var fields: [String: StoredJSON] = [:]
        let scope = index.scope(inside: type)
        for (argument, associated) in zip(arguments, found.associated) {
            let shape = TypeShape(associated.type, scope: scope, index: index)
            guard let field = json(argument, shape: shape) else { return nil }
            fields[associated.label] = field
        }
        return .object([found.name: .object(fields)])
    }

    /// The case `.name`, `Type.name`, `.name(…)` or `Type(rawValue: literal)!` names.
    private func enumCase(_ value: ExprSyntax, of type: DeclarationIndex.TypeDecl) -> EnumCases.Case? {
        let cases = EnumCases(of: type)
        let callee = value.as(FunctionCallExprSyntax.self)?.calledExpression ?? value
        if let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.text != "init" {
            guard access.base == nil || Self.names(access.base!, type.simpleName) else { return nil }
            return cases.named(access.declName.baseName.text.trimmingBackticks)
        }
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.first?.label?.text == "rawValue",
            let written = call.arguments.first?.expression
        {
            let raw: EnumCases.RawValue? =
                StaticLiteral.string(written).map(EnumCases.RawValue.text)
                ?? StaticLiteral.integer(written).map(EnumCases.RawValue.integer)
            return cases.cases.first { $0.raw != nil && $0.raw == raw }
        }
        return nil
    }

    /// The number types a literal may be converted with (`Int(4)`, `Double(2)`, `Decimal(5)`).
    private static let numberTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "Decimal",
    ]

    /// The expression without parentheses, a trailing `!`, and a number type's conversion of a literal (`Int(4)` is
    /// 4; `Int(3.7)` stays a call, as it truncates).
    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return unwrapped(forced.expression) }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            call.trailingClosure == nil, let argument = call.arguments.first, argument.label == nil,
            case let type = call.calledExpression.trimmedDescription, numberTypes.contains(type)
        {
            let negated = argument.expression.as(PrefixOperatorExprSyntax.self)
            let literal = (negated?.operator.text == "-" ? negated?.expression : nil) ?? argument.expression
            if literal.is(IntegerLiteralExprSyntax.self)
                || (literal.is(FloatLiteralExprSyntax.self) && !type.contains("Int"))
            {
                return unwrapped(argument.expression)
            }
        }
        return StaticLiteral.insideParentheses(expression).map(unwrapped) ?? expression
    }

    /// True when `expression` names the type `name` (also `Foundation.name`).
    private static func names(_ expression: ExprSyntax, _ name: String) -> Bool {
        let text = expression.trimmedDescription
        return text == name || text.hasSuffix(".\(name)")
    }

    /// `Type()`, `Type.init()` or `.init()`.
    private static func isEmptyInitializer(_ value: ExprSyntax, of type: String) -> Bool {
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil
        else { return false }
        let callee = call.calledExpression.trimmedDescription
        return names(call.calledExpression, type) || callee == ".init" || callee == "\(type).init"
    }

    /// `[]`, `[:]`, `[T]()`, `[K: V]()`, `Array()`, `Set()`, `Dictionary()` and `.init()`.
    private static func isEmptyCollection(_ value: ExprSyntax) -> Bool {
        if let array = value.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        if let dictionary = value.as(DictionaryExprSyntax.self), case .colon = dictionary.content { return true }
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty else { return false }
        let callee = call.calledExpression
        if callee.is(ArrayExprSyntax.self) || callee.is(DictionaryExprSyntax.self) { return true }
        let text = callee.trimmedDescription
        return text == ".init" || ["Array", "Set", "Dictionary"].contains { text.hasPrefix($0) }
    }

    /// The member of `Type.member` or `.member`, when the base (if written) is `type`.
    private static func member(_ value: ExprSyntax, of type: String) -> String? {
        guard let access = value.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = access.base, !names(base, type) { return nil }
        return access.declName.baseName.text
    }

    /// `.max`, `.min`, `Int.max`, `Int16.min` …: the bound of the integer type `valueType` as stored (unsigned
    /// 64-bit values by their bit pattern, as Strata stores them).
    private static func integerBound(_ value: ExprSyntax, of valueType: ValueType) -> Int64? {
        guard let access = value.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = access.base, !numberTypes.contains(base.trimmedDescription) { return nil }
        let bounds: (min: Int64, max: Int64)
        switch valueType {
        case .int, .int64: bounds = (Int64.min, Int64.max)
        case .int8: bounds = (Int64(Int8.min), Int64(Int8.max))
        case .int16: bounds = (Int64(Int16.min), Int64(Int16.max))
        case .int32: bounds = (Int64(Int32.min), Int64(Int32.max))
        case .uint8: bounds = (0, Int64(UInt8.max))
        case .uint16: bounds = (0, Int64(UInt16.max))
        case .uint32: bounds = (0, Int64(UInt32.max))
        case .uint, .uint64: bounds = (0, Int64(bitPattern: UInt64.max))
        default: return nil
        }
        switch access.declName.baseName.text {
        case "max": return bounds.max
        case "min": return bounds.min
        default: return nil
        }
    }

    /// `.zero` or `T.zero`.
    private static func isZero(_ value: ExprSyntax) -> Bool {
        value.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "zero"
    }

    /// The string literal given as `label:` to `Type(…)`.
    private static func stringArgument(_ value: ExprSyntax, of type: String, label: String) -> String? {
        guard let call = value.as(FunctionCallExprSyntax.self), names(call.calledExpression, type),
            call.arguments.count == 1, call.arguments.first?.label?.text == label,
            let argument = call.arguments.first?.expression
        else { return nil }
        return StaticLiteral.string(argument)
    }
}
