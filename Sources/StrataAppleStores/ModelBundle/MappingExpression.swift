import Foundation

/// A property mapping's value expression, as Core Data's mapping model stores it: a property or key path of the source
/// object, a constant, a variable (`$manager`, `$entityPolicy`), a function (`FUNCTION(target, "selector", …)`), or
/// anything else kept as readable text. `MappingModelRun` says which of them the dry run carries out.
///
/// Xcode stores a property mapping's expression in `xcmapping.xml` as `valueexpressiondata`: the base64 of an
/// NSKeyedArchiver archive of the `NSExpression`. `$source.title` is an `NSKeyPathExpression` (expression type 3,
/// `NSSelectorName` `valueForKey:` or `valueForKeyPath:`) whose `NSOperand` is an `NSVariableExpression` (`NSVariable`
/// "source") and whose one `NSArguments` element is an `NSKeyPathSpecifierExpression` (`NSKeyPath` "title"); a
/// constant is an `NSConstantValueExpression` (`NSConstantValue`); `FUNCTION(…)` is an `NSFunctionExpression` with
/// `NSOperand`, `NSSelectorName` and `NSArguments` (the keys Apple's and GNUstep's Foundation archive).
public indirect enum MappingExpression: Sendable, Equatable, CustomStringConvertible {
    /// `$source.name`: the source object's property `name`.
    case source(String)
    /// `$source.shelf.label`: a key path of two or more components from the source object.
    case sourcePath([String])
    /// A constant.
    case constant(AppleValue)
    /// A variable of the migration: `$manager`, `$entityPolicy`, `$source`, … (its name without the `$`).
    case variable(String)
    /// `FUNCTION(target, "selector", arguments…)`: the selector invoked on what the target evaluates to.
    case function(MappingExpression, selector: String, arguments: [MappingExpression])
    /// Anything else, as text.
    case other(String)

    /// "$source.title", "\"text\"", "FUNCTION($source.title, \"uppercaseString\")", or the expression's text.
    public var description: String {
        switch self {
        case .source(let name): "$source.\(name)"
        case .sourcePath(let path): "$source." + path.joined(separator: ".")
        case .constant(let value): value.swiftSource ?? value.description
        case .variable(let name): "$\(name)"
        case .function(let target, let selector, let arguments):
            "FUNCTION("
                + ([target.description, "\"\(selector)\""] + arguments.map(\.description)).joined(separator: ", ")
                + ")"
        case .other(let text): text
        }
    }

    /// True for `$source.name`: a property of the source object.
    var isSourceProperty: Bool {
        if case .source = self { return true }
        return false
    }

    /// Decodes an archived `NSExpression`; throws `KeyedArchive.Failure` for bytes that are not one.
    static func decode(_ data: Data) throws -> MappingExpression {
        let archive = try KeyedArchive(data: data)
        var seen: Set<Int> = []
        return try expression(at: archive.root, in: archive, seen: &seen)
    }

    /// The expression at `index`, its operands read to a bounded depth (a cycle or a deep nest is `.other`).
    private static func expression(at index: Int, in archive: KeyedArchive, seen: inout Set<Int>) throws
        -> MappingExpression
    {
        guard seen.count < 32, seen.insert(index).inserted else { return .other("(an expression nested too deep)") }
        defer { seen.remove(index) }
        let object = try archive.dictionary(index, "an expression")
        switch try archive.className(of: object) {
        case "NSConstantValueExpression":
            return .constant(constant(try archive.resolve(object["NSConstantValue"])))
        case "NSVariableExpression":
            return .variable(try archive.string("NSVariable", in: object) ?? "")
        case "NSSelfExpression":
            return .other("SELF")
        case "NSKeyPathSpecifierExpression":
            return .other(try archive.string("NSKeyPath", in: object) ?? "")
        case "NSKeyPathExpression", "NSFunctionExpression":
            let selector = try archive.string("NSSelectorName", in: object) ?? ""
            let operand = try archive.reference("NSOperand", in: object).map {
                try expression(at: $0, in: archive, seen: &seen)
            }
            let arguments =
                try archive.reference("NSArguments", in: object).map {
                    try archive.elements(of: $0, "the arguments of an expression").map {
                        try expression(at: $0, in: archive, seen: &seen)
                    }
                } ?? []
            if ["valueForKey:", "valueForKeyPath:"].contains(selector), arguments.count == 1,
                case .other(let path) = arguments[0]
            {
                let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                switch operand {
                case .variable("source")? where !components.contains(""):
                    return components.count == 1 ? .source(path) : .sourcePath(components)
                case .source(let first)? where !components.contains(""):
                    return .sourcePath([first] + components)
                case .sourcePath(let prefix)? where !components.contains(""):
                    return .sourcePath(prefix + components)
                default:
                    return .other("\(operand?.description ?? "SELF").\(path)")
                }
            }
            return .function(operand ?? .other("SELF"), selector: selector, arguments: arguments)
        case let name:
            return .other("(an \(name))")
        }
    }

    /// An archived constant as a value: text, a number, or nil.
    private static func constant(_ value: Any?) -> AppleValue {
        switch value {
        case nil: .null
        case let text as String: .text(text)
        case let flag as Bool: .bool(flag)
        case let number as Int: .integer(Int64(number))
        case let number as Double: .real(number)
        case let archived as [String: Any]:
            (archived["NS.string"] as? String).map(AppleValue.text) ?? .null
        default: .null
        }
    }
}
