import Foundation
package import GRDB

/// A Foundation method a mapping model's value expression applies to a value (`FUNCTION($source.title,
/// "uppercaseString")`, `$source.count.stringValue`), carried out as Foundation does for the values a store holds:
/// NSString's `uppercaseString`, `lowercaseString`, `capitalizedString`, `intValue`, `integerValue`, `longLongValue`,
/// `boolValue`, `doubleValue` and `floatValue`; NSNumber's `stringValue` and `description` (and the same on NSString,
/// which return the string itself); NSNumber's numeric values. A missing value stays missing: a message to nil
/// returns nil.
package enum MappedConversion: String, Sendable, Hashable, CaseIterable {
    /// `uppercaseString`: the text in upper case (Unicode case mapping, not SQLite's ASCII `upper`).
    case uppercase = "uppercaseString"
    /// `lowercaseString`: the text in lower case.
    case lowercase = "lowercaseString"
    /// `capitalizedString`: each word's first letter in upper case, the rest in lower case.
    case capitalized = "capitalizedString"
    /// `stringValue`: a number's decimal text; a text stays itself.
    case string = "stringValue"
    /// `description`: as `stringValue` for the numbers and texts this carries out.
    case description = "description"
    /// `intValue`: a 32-bit integer (a text's leading integer, 0 when it has none; a real number truncated).
    case int32 = "intValue"
    /// `integerValue`: a 64-bit integer, as `intValue` without the 32-bit clamp.
    case integer = "integerValue"
    /// `longLongValue`: as `integerValue`.
    case longLong = "longLongValue"
    /// `boolValue`: a text is true when, after white space, a sign and zeros, it starts with Y, y, T, t or a digit
    /// 1 to 9 (NSString's rule); a number when it is not zero.
    case bool = "boolValue"
    /// `doubleValue`: a text's leading decimal number (0 when it has none); a number as itself.
    case double = "doubleValue"
    /// `floatValue`: as `doubleValue`, rounded to a 32-bit float.
    case float = "floatValue"

    /// The type of the result: text, a 32- or 64-bit integer, a Boolean, a double or a float.
    package var resultType: ValueType {
        switch self {
        case .uppercase, .lowercase, .capitalized, .string, .description: .string
        case .int32: .int32
        case .integer, .longLong: .int64
        case .bool: .bool
        case .double: .double
        case .float: .float
        }
    }

    /// True when the method is carried out here for a value of `type` as Foundation answers it: the text methods on
    /// text; `stringValue` and `description` on text, Booleans and integers (a real number's text depends on
    /// NSNumber's formatting, and a date's, a URL's or a decimal's on their classes: not evaluated); the numeric
    /// methods on text, Booleans, integers and real numbers.
    package func accepts(_ type: ValueType) -> Bool {
        let integral: Bool =
            switch type {
            case .bool, .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64: true
            default: false
            }
        switch self {
        case .uppercase, .lowercase, .capitalized: return type == .string
        case .string, .description: return type == .string || integral
        default: return type == .string || integral || type == .double || type == .float
        }
    }

    /// The name of the SQL function the row copy calls (registered on the stage's connection).
    static let sqlFunctionName = "strata_mapped_conversion"

    /// The SQL function: `strata_mapped_conversion(method, value)`.
    static let sqlFunction = DatabaseFunction(sqlFunctionName, argumentCount: 2, pure: true) { values in
        guard let name = String.fromDatabaseValue(values[0]), let conversion = MappedConversion(rawValue: name) else {
            return nil
        }
        return conversion.apply(values[1])
    }

    /// The method applied to one stored value.
    package func apply(_ value: DatabaseValue) -> DatabaseValue {
        switch value.storage {
        case .null, .blob: return .null
        case .string(let text):
            switch self {
            case .uppercase: return text.uppercased().databaseValue
            case .lowercase: return text.lowercased().databaseValue
            case .capitalized: return text.capitalized.databaseValue
            case .string, .description: return text.databaseValue
            case .int32: return Int64(clamping: Int32(clamping: Self.leadingInteger(text))).databaseValue
            case .integer, .longLong: return Self.leadingInteger(text).databaseValue
            case .bool: return (Self.textIsTrue(text) ? 1 : 0).databaseValue
            case .double: return Self.leadingDouble(text).databaseValue
            case .float: return Double(Float(Self.leadingDouble(text))).databaseValue
            }
        case .int64(let number):
            switch self {
            case .uppercase, .lowercase, .capitalized: return .null
            case .string, .description: return String(number).databaseValue
            case .int32: return Int64(Int32(truncatingIfNeeded: number)).databaseValue
            case .integer, .longLong: return number.databaseValue
            case .bool: return (number != 0 ? 1 : 0).databaseValue
            case .double: return Double(number).databaseValue
            case .float: return Double(Float(number)).databaseValue
            }
        case .double(let number):
            switch self {
            case .uppercase, .lowercase, .capitalized: return .null
            case .string, .description: return Self.numberText(number).databaseValue
            case .int32: return Int64(Int32(clamping: Self.truncated(number))).databaseValue
            case .integer, .longLong: return Self.truncated(number).databaseValue
            case .bool: return (number != 0 ? 1 : 0).databaseValue
            case .double: return number.databaseValue
            case .float: return Double(Float(number)).databaseValue
            }
        }
    }

    /// NSString's `longLongValue`: white space skipped, an optional sign, then decimal digits up to the first other
    /// character (0 when there are none); clamped to the 64-bit range.
    package static func leadingInteger(_ text: String) -> Int64 {
        var scalars = Substring(text).unicodeScalars.drop { CharacterSet.whitespacesAndNewlines.contains($0) }
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        var result: Int64 = 0
        for scalar in scalars {
            guard ("0"..."9").contains(scalar) else { break }
            let digit = Int64(scalar.value - 48)
            let (times, overflow) = result.multipliedReportingOverflow(by: 10)
            let (plus, overflow2) = times.addingReportingOverflow(digit)
            if overflow || overflow2 { return negative ? .min : .max }
            result = plus
        }
        return negative ? -result : result
    }

    /// NSString's `boolValue`.
    package static func textIsTrue(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars.drop { CharacterSet.whitespacesAndNewlines.contains($0) }
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        scalars = scalars.drop { $0 == "0" }
        guard let first = scalars.first else { return false }
        return "YyTt123456789".unicodeScalars.contains(first)
    }

    /// NSString's `doubleValue`: the longest leading decimal number (white space skipped; a sign, digits, a point,
    /// digits, an exponent), 0 when there is none.
    package static func leadingDouble(_ text: String) -> Double {
        let scalars = Array(Substring(text).unicodeScalars.drop { CharacterSet.whitespacesAndNewlines.contains($0) })
        var index = 0
        func digits() -> Int {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - start
        }
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
        var count = digits()
        if index < scalars.count, scalars[index] == "." {
            index += 1
            count += digits()
        }
        guard count > 0 else { return 0 }
        var end = index
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            if digits() > 0 { end = index }
        }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars[0..<end])
        return Double(String(prefix)) ?? 0
    }

    /// A real number truncated toward zero, clamped to the 64-bit range (0 for NaN).
    static func truncated(_ number: Double) -> Int64 {
        guard number.isFinite else { return number.isNaN ? 0 : (number > 0 ? .max : .min) }
        if number >= 9.2e18 { return .max }
        if number <= -9.2e18 { return .min }
        return Int64(number.rounded(.towardZero))
    }

    /// NSNumber's text for a double: up to 17 significant digits, without a trailing ".0" ("3", "0.1", "2.5").
    static func numberText(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}
