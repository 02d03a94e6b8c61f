import Strata
import SwiftSyntax

/// What a stored property's written type means to the schema, decided as Strata's run time decides it for the
/// compiled type: one Optional layer off, then a `@Model` class (to-one), an array of one (to-many), a value Strata
/// stores natively, a `RawRepresentable` enum over one, or any other value (JSON).
enum PropertyType {
    case attribute(ValueType, optional: Bool)
    case relationship(destination: DeclarationIndex.TypeDecl, toMany: Bool, optional: Bool)
    case unsupported(String)

    /// Swift's spelling of each natively stored type.
    static let native: [String: ValueType] = [
        "String": .string, "Bool": .bool, "Double": .double, "Float": .float, "Decimal": .decimal, "Date": .date,
        "Data": .data, "UUID": .uuid, "URL": .url, "Int": .int, "Int8": .int8, "Int16": .int16, "Int32": .int32,
        "Int64": .int64, "UInt": .uint, "UInt8": .uint8, "UInt16": .uint16, "UInt32": .uint32, "UInt64": .uint64,
    ]

    /// Classifies `type`, written inside `scope`.
    static func classify(_ type: TypeSyntax, scope: [String], index: DeclarationIndex) -> PropertyType {
        let resolved = TypeShape(type, scope: scope, index: index)
        let (base, optional) = resolved.unwrappingOptional
        if case .named(_, let declared?, _) = base, declared.isModel {
            return .relationship(destination: declared, toMany: false, optional: optional)
        }
        if case .array(let element) = base, case .named(_, let declared?, _) = element, declared.isModel {
            return .relationship(destination: declared, toMany: true, optional: optional)
        }
        switch base {
        case .unsupported(let text): return .unsupported(text)
        case .named(let name, let declared, _):
            if declared == nil, let native = native[name] { return .attribute(native, optional: optional) }
            if let declared, declared.isEnum,
                let raw = declared.inherited.first.flatMap({ native[Self.lastComponent($0)] })
            {
                return .attribute(.rawRepresentable(typeName: declared.simpleName, raw: raw), optional: optional)
            }
            return .attribute(codable(base, index: index), optional: optional)
        default:
            return .attribute(codable(base, index: index), optional: optional)
        }
    }

    /// A Codable value of type `type`: by name, with its encoded shape when it is an app type whose shape is known.
    private static func codable(_ type: TypeShape, index: DeclarationIndex) -> ValueType {
        .codable(typeName: type.runtimeName, shape: CodableShapeReader(index: index).shape(of: type)?.0)
    }

    static func lastComponent(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }
}

/// A written type with typealiases followed and names resolved against the sources.
indirect enum TypeShape {
    case optional(TypeShape)
    case array(TypeShape)
    case dictionary(TypeShape, TypeShape)
    /// A named type: its printed name, its declaration in the sources (nil for library types), generic arguments.
    case named(String, DeclarationIndex.TypeDecl?, [TypeShape])
    case unsupported(String)

    /// Resolves `type` written inside `scope`.
    init(_ type: TypeSyntax, scope: [String], index: DeclarationIndex, depth: Int = 0) {
        func shape(_ inner: TypeSyntax) -> TypeShape { TypeShape(inner, scope: scope, index: index, depth: depth + 1) }
        if depth > 32 {
            self = .unsupported(type.trimmedDescription)
            return
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            self = .optional(shape(optional.wrappedType))
        } else if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .optional(shape(optional.wrappedType))
        } else if let array = type.as(ArrayTypeSyntax.self) {
            self = .array(shape(array.element))
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            self = .dictionary(shape(dictionary.key), shape(dictionary.value))
        } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first
        {
            self = shape(only.type)
        } else if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) {
            let (path, arguments) = Self.path(of: type)
            let generic = arguments.map(shape)
            if let alias = index.alias(path, from: scope) {
                self = TypeShape(alias.target, scope: alias.scope, index: index, depth: depth + 1)
                return
            }
            // A raw-value enum's `RawValue` (`var kindCode: Kind.RawValue`) is its raw type.
            if path.hasSuffix(".RawValue"), let base = index.resolveType(String(path.dropLast(9)), from: scope),
                base.isEnum, let raw = base.inherited.first.map(PropertyType.lastComponent),
                PropertyType.native[raw] != nil
            {
                self = .named(raw, nil, [])
                return
            }
            let declared = index.resolveType(path, from: scope)
            let written = declared?.simpleName ?? Self.libraryName(path)
            let name = declared == nil ? Self.libraryAliases[written] ?? written : written
            switch (name, generic.count) {
            case ("Optional", 1): self = .optional(generic[0])
            case ("Array", 1): self = .array(generic[0])
            case ("Dictionary", 2): self = .dictionary(generic[0], generic[1])
            case ("Any", _), ("AnyObject", _), ("Void", _), ("Never", _): self = .unsupported(type.trimmedDescription)
            default: self = .named(name, declared, generic)
            }
        } else {
            // Functions, tuples, `any P`, `some P`, compositions: nothing a store can hold.
            self = .unsupported(type.trimmedDescription)
        }
    }

    /// The standard library's and Foundation's typealiases of stored types, by the type they name: the compiled model
    /// sees only that type (a `TimeInterval` is stored, and printed, as the `Double` it is).
    private static let libraryAliases = ["TimeInterval": "Double", "Float64": "Double", "Float32": "Float"]

    /// The name of a library type without its module (`Foundation.Date` is `Date`).
    private static func libraryName(_ path: String) -> String {
        let components = path.split(separator: ".").map(String.init)
        if components.count > 1, ["Foundation", "Swift", "SwiftData", "Strata"].contains(components[0]) {
            return components.dropFirst().joined(separator: ".")
        }
        return components.last ?? path
    }

    /// A named type's dotted path and generic arguments.
    private static func path(of type: TypeSyntax) -> (String, [TypeSyntax]) {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return (
                identifier.name.text,
                identifier.genericArgumentClause?.arguments.compactMap { $0.argument.as(TypeSyntax.self) } ?? []
            )
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let (base, _) = path(of: member.baseType)
            return (
                "\(base).\(member.name.text)",
                member.genericArgumentClause?.arguments.compactMap { $0.argument.as(TypeSyntax.self) } ?? []
            )
        }
        return (type.trimmedDescription, [])
    }

    /// The outer Optional layer removed, and whether there was one.
    var unwrappingOptional: (TypeShape, Bool) {
        if case .optional(let wrapped) = self { return (wrapped, true) }
        return (self, false)
    }

    /// The name `String(describing:)` prints for the compiled type ("Array<String>", "Address").
    var runtimeName: String {
        switch self {
        case .optional(let wrapped): "Optional<\(wrapped.runtimeName)>"
        case .array(let element): "Array<\(element.runtimeName)>"
        case .dictionary(let key, let value): "Dictionary<\(key.runtimeName), \(value.runtimeName)>"
        case .named(let name, _, let arguments):
            arguments.isEmpty ? name : "\(name)<\(arguments.map(\.runtimeName).joined(separator: ", "))>"
        case .unsupported(let text): text
        }
    }
}
