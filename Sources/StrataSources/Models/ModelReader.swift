import Strata
import StrataModelSyntax
import SwiftSyntax

/// Reads one `@Model` class into an entity, as `@Model` and Strata's run time describe the compiled class.
struct ModelReader {
    /// The entity, its relationships' destinations (model declarations), declared inverses, where each property
    /// is declared, and problems at their places.
    struct Result {
        var entity: Schema.Entity
        var destinations: [DeclarationIndex.TypeDecl]
        var declaredInverses: [String: String]
        var locations: [String: SourceLocation]
        var problems: [SourceProblem]
        /// The stored defaults of the attributes declared with one, evaluated from their source.
        var defaults: [String: StoredDefault]
    }

    let index: DeclarationIndex

    /// Reads `model`'s stored, non-transient properties in declaration order, and its `#Unique` and `#Index` groups.
    func read(_ model: DeclarationIndex.TypeDecl) -> Result {
        let name = model.simpleName
        var result = Result(
            entity: Schema.Entity(name: name), destinations: [], declaredInverses: [:], locations: [:], problems: [],
            defaults: [:])
        guard let members = model.node.asProtocol(DeclGroupSyntax.self)?.memberBlock.members else { return result }
        let scope = index.scope(inside: model)
        for property in StoredProperty.persisted(in: index.build.activeMembers(members)) {
            let location = model.file.location(of: property.decl)
            result.locations[property.name] = location
            guard
                let type = property.type.map({ TypeSyntax($0) })
                    ?? property.initializer.flatMap({ InferredType.of($0) })
            else {
                result.problems.append(
                    SourceProblem(
                        location,
                        "\(name).\(property.name): its type cannot be inferred from its default; write the type"))
                continue
            }
            switch PropertyType.classify(type, scope: scope, index: index) {
            case .unsupported(let text):
                result.problems.append(
                    SourceProblem(
                        location,
                        "\(name).\(property.name): Strata cannot store a value of type \(text); use a value type, a RawRepresentable enum, a Codable value or a @Model class"
                    ))
            case .attribute(let valueType, let optional):
                let arguments = AnnotationArguments(property.attribute(named: "Attribute"))
                result.entity.attributes.append(
                    Schema.Attribute(
                        name: property.name, originalName: arguments.string("originalName"), valueType: valueType,
                        isOptional: optional, defaultValue: property.initializer?.trimmedDescription,
                        options: arguments.options.compactMap { AnnotationArguments.attributeOptions[$0] },
                        hashModifier: arguments.string("hashModifier")))
                if let initializer = property.initializer {
                    result.defaults[property.name] = StaticDefault(index: index).evaluate(
                        initializer, shape: TypeShape(type, scope: scope, index: index), valueType: valueType)
                }
            case .relationship(let destination, let toMany, let optional):
                let arguments = AnnotationArguments(property.attribute(named: "Relationship"))
                result.entity.relationships.append(
                    Schema.Relationship(
                        name: property.name, originalName: arguments.string("originalName"),
                        destination: destination.simpleName,
                        isToMany: toMany, isOptional: optional,
                        deleteRule: arguments.member("deleteRule").flatMap(
                            Schema.Relationship.DeleteRule.init(rawValue:)) ?? .nullify,
                        minimumModelCount: arguments.integer("minimumModelCount") ?? 0,
                        maximumModelCount: arguments.integer("maximumModelCount") ?? 0,
                        options: arguments.options.contains("unique") ? [.unique] : [],
                        hashModifier: arguments.string("hashModifier")))
                result.destinations.append(destination)
                if let inverse = arguments.keyPathProperty("inverse") {
                    result.declaredInverses[property.name] = inverse
                }
            }
        }
        let constraints = ModelConstraints(in: members)
        result.entity.uniquenessConstraints = constraints.unique
        result.entity.indexes = constraints.indexes
        return result
    }
}
