import Strata
import StrataModelSyntax
import SwiftSyntax

/// The encoded shape of an app's Codable struct or enum, read from its declaration as synthesized `Codable` encodes
/// it: a struct's stored fields (a `let` with a value is not encoded), an enum's cases and associated values, nested
/// types of the app shaped in turn. A type whose encoding Strata cannot know from the declaration has no shape and is
/// known by name: one that writes its own `CodingKeys`, `init(from:)` or `encode(to:)`, a generic, a private one, a
/// raw-value enum (stored as its raw value), a class.
struct CodableShapeReader {
    let index: DeclarationIndex

    /// The shape of an attribute's type (Optional layer removed): an app type's, or an array of one's.
    func shape(of type: TypeShape) -> (CodableShape, DeclarationIndex.TypeDecl)? {
        switch type {
        case .named(_, let declared?, let arguments) where arguments.isEmpty:
            return shape(of: declared, depth: 0).map { ($0, declared) }
        case .array(.named(_, let declared?, let arguments)) where arguments.isEmpty:
            return shape(of: declared, depth: 0).map { (.array($0), declared) }
        default:
            return nil
        }
    }

    /// The app types the models of `versions` store whose shapes are known (an array's element type for an array),
    /// by qualified name: the types the compiled level declares their shapes for.
    func storedTypes(of versions: [SourceVersion]) -> [String: CodableShape] {
        var found: [String: CodableShape] = [:]
        for model in Set(versions.flatMap(\.modelTypes.values)).sorted() {
            guard let type = index.types[model],
                let members = type.node.asProtocol(DeclGroupSyntax.self)?.memberBlock.members
            else { continue }
            let scope = index.scope(inside: type)
            for property in StoredProperty.persisted(in: index.build.activeMembers(members)) {
                guard
                    let written = property.type.map({ TypeSyntax($0) })
                        ?? property.initializer.flatMap({ InferredType.of($0) }),
                    let (shape, declared) = shape(
                        of: TypeShape(written, scope: scope, index: index).unwrappingOptional.0)
                else { continue }
                if case .array(let element) = shape {
                    found[declared.name] = element
                } else {
                    found[declared.name] = shape
                }
            }
        }
        return found
    }

    /// The shape of a type of the sources, or nil when it has none Strata can know.
    func shape(of type: DeclarationIndex.TypeDecl, depth: Int) -> CodableShape? {
        guard depth < 8, isShapeable(type) else { return nil }
        let scope = index.scope(inside: type)
        if type.isEnum {
            guard rawType(of: type) == nil else { return nil }
            return .enumeration(
                EnumCases(of: type).cases.map { item in
                    CodableShape.Case(
                        name: item.name,
                        associated: item.associated.map { field($0.label, $0.type, scope: scope, depth: depth) })
                })
        }
        guard type.node.is(StructDeclSyntax.self),
            let members = type.node.asProtocol(DeclGroupSyntax.self)?.memberBlock.members
        else { return nil }
        var fields: [CodableShape.Field] = []
        for property in StoredProperty.persisted(in: index.build.activeMembers(members))
        where !property.isLetWithInitialValue {
            guard
                let written = property.type.map({ TypeSyntax($0) })
                    ?? property.initializer.flatMap({ InferredType.of($0) })
            else { return nil }
            fields.append(field(property.name, written, scope: scope, depth: depth))
        }
        return .structure(fields)
    }

    /// A field or associated value of written type `written`.
    private func field(_ name: String, _ written: TypeSyntax, scope: [String], depth: Int) -> CodableShape.Field {
        let (base, optional) = TypeShape(written, scope: scope, index: index).unwrappingOptional
        return CodableShape.Field(name: name, type: fieldType(base, depth: depth), isOptional: optional)
    }

    private func fieldType(_ type: TypeShape, depth: Int) -> CodableShape.FieldType {
        if case .named(_, let declared?, let arguments) = type, arguments.isEmpty {
            if declared.isEnum, let raw = rawType(of: declared) { return .named(raw) }
            if let shape = shape(of: declared, depth: depth + 1) { return .shaped(shape) }
        }
        if case .array(.named(_, let declared?, let arguments)) = type, arguments.isEmpty,
            let shape = shape(of: declared, depth: depth + 1)
        {
            return .shaped(.array(shape))
        }
        return .named(type.runtimeName)
    }

    /// The raw type of a raw-value enum ("String"), nil for another enum.
    private func rawType(of type: DeclarationIndex.TypeDecl) -> String? {
        type.inherited.first.map(PropertyType.lastComponent).flatMap { PropertyType.native[$0] == nil ? nil : $0 }
    }

    /// True for a struct or enum encoded as synthesized `Codable` encodes it, which an extension the compiled level
    /// generates can name: not generic, not private (nor inside a private type), no hand-written coding.
    private func isShapeable(_ type: DeclarationIndex.TypeDecl) -> Bool {
        guard !type.isModel, type.node.is(StructDeclSyntax.self) || type.node.is(EnumDeclSyntax.self),
            type.conforms(to: "Codable") || type.conforms(to: "Decodable") || type.conforms(to: "Encodable")
        else { return false }
        if let generic = type.node.as(StructDeclSyntax.self)?.genericParameterClause, !generic.parameters.isEmpty {
            return false
        }
        if let generic = type.node.as(EnumDeclSyntax.self)?.genericParameterClause, !generic.parameters.isEmpty {
            return false
        }
        let handWritten = type.members.contains { member, _ in
            if let nested = member.decl.as(EnumDeclSyntax.self), nested.name.text == "CodingKeys" { return true }
            if let alias = member.decl.as(TypeAliasDeclSyntax.self), alias.name.text == "CodingKeys" { return true }
            if let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
            {
                return true
            }
            if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode",
                function.signature.parameterClause.parameters.first?.firstName.text == "to"
            {
                return true
            }
            return false
        }
        guard !handWritten else { return false }
        // The type and every type around it must be visible to a file of the module.
        var components = index.scope(inside: type)
        while !components.isEmpty {
            let name = components.joined(separator: ".")
            let modifiers = index.types[name]?.node.asProtocol(WithModifiersSyntax.self)?.modifiers
            if modifiers?.contains(where: {
                $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)
            }) == true {
                return false
            }
            components.removeLast()
        }
        return true
    }
}
