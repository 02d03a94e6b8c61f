import StrataModelSyntax
import SwiftSyntax

/// The types of the sources the plans depend on: the plans, the versioned schemas, the model classes their
/// schemas hold and, through stored properties and enum cases' associated values, every type of the sources those
/// store. A type declared twice blocks reading only when it is one of these.
enum ReachedTypes {
    /// The qualified names of the types reached from the plans and versioned schemas of `index` and the model
    /// classes of `versions`.
    static func names(versions: [SourceVersion], index: DeclarationIndex) -> Set<String> {
        Set(
            reach(
                from: index.types(conformingTo: "SchemaMigrationPlan") + index.types(conformingTo: "VersionedSchema")
                    + versions.flatMap { $0.modelTypes.values.compactMap { index.types[$0] } }, index: index
            ).map(\.name))
    }

    /// The types `start` reach through stored properties and enum cases' associated values (`start` included),
    /// each once, in the order they are reached.
    static func reach(from start: [DeclarationIndex.TypeDecl], index: DeclarationIndex) -> [DeclarationIndex.TypeDecl] {
        var queue = Array(start.reversed())
        var reached: Set<String> = []
        var ordered: [DeclarationIndex.TypeDecl] = []
        while let type = queue.popLast() {
            guard reached.insert(type.name).inserted else { continue }
            ordered.append(type)
            let scope = index.scope(inside: type)
            var written: [TypeSyntax] = []
            if type.isEnum {
                written = EnumCases(of: type).cases.flatMap { $0.associated.map(\.type) }
            } else if let members = type.node.asProtocol(DeclGroupSyntax.self)?.memberBlock.members {
                written = StoredProperty.persisted(in: index.build.activeMembers(members)).compactMap {
                    $0.type.map { TypeSyntax($0) } ?? $0.initializer.flatMap { InferredType.of($0) }
                }
            }
            queue = written.flatMap { declarations(in: TypeShape($0, scope: scope, index: index)) }.reversed() + queue
        }
        return ordered
    }

    /// The declarations of the sources a resolved type names, generic arguments and elements included.
    private static func declarations(in shape: TypeShape) -> [DeclarationIndex.TypeDecl] {
        switch shape {
        case .optional(let wrapped), .array(let wrapped): declarations(in: wrapped)
        case .dictionary(let key, let value): declarations(in: key) + declarations(in: value)
        case .named(_, let declared, let arguments): (declared.map { [$0] } ?? []) + arguments.flatMap(declarations)
        case .unsupported: []
        }
    }
}
