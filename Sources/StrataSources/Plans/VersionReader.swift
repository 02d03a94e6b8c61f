import Strata
import SwiftSyntax

/// Reads a `VersionedSchema` type into its version and schema: `versionIdentifier`, `models`, and every model
/// type their relationships reach, in the order the run time visits them.
struct VersionReader {
    let index: DeclarationIndex

    /// The version `type` declares, or a problem naming what could not be read.
    func read(_ type: DeclarationIndex.TypeDecl) -> Result<SourceVersion, SourceProblem> {
        let location = type.file.location(of: type.node)
        guard let identifier = StaticMember.find("versionIdentifier", in: type, build: index.build) else {
            return .failure(
                SourceProblem(location, "\(type.simpleName) has no static versionIdentifier Strata can read"))
        }
        guard let version = Self.version(identifier.value) else {
            return .failure(
                SourceProblem(
                    identifier.file.location(of: identifier.value),
                    "\(type.simpleName).versionIdentifier is not written as Schema.Version(major, minor, patch)"))
        }
        let listed: [StaticList.Element]
        switch StaticList(index: index).read("models", of: type) {
        case nil:
            return .failure(SourceProblem(location, "\(type.simpleName) has no static models Strata can read"))
        case .unreadable(let unreadable, let declaration)?:
            return .failure(
                SourceProblem(
                    declaration.file.location(of: declaration.decl),
                    StaticList.message(owner: type.simpleName, member: "models", unreadable)))
        case .elements(let elements)?:
            listed = elements
        }
        var modelNames: [String] = []
        var modelLocations: [String: SourceLocation] = [:]
        var queue: [DeclarationIndex.TypeDecl] = []
        var problems: [SourceProblem] = []
        for element in listed {
            let place = element.origin.file.location(of: element.origin.node)
            guard let name = Self.typeReference(element.expression),
                let model = index.resolveType(name, from: element.scope), model.isModel
            else {
                problems.append(
                    SourceProblem(
                        place,
                        "\(element.expression.trimmedDescription) in \(type.simpleName).models is not a @Model class of the sources"
                    ))
                continue
            }
            guard !modelNames.contains(model.name) else { continue }
            modelNames.append(model.name)
            modelLocations[model.name] = place
            queue.append(model)
        }
        let read = Self.schema(of: queue, version: version, index: index, problems: problems)
        return .success(
            SourceVersion(
                name: type.simpleName, schema: read.schema, location: location,
                versionLocation: identifier.file.location(of: identifier.decl),
                versionIsStoredVar: identifier.isStoredVar,
                modelNames: modelNames, modelLocations: modelLocations, modelTypes: read.modelTypes,
                problems: read.problems, places: read.places))
    }

    /// The schema of these model types and every model type their relationships reach, inverses paired, its
    /// problems where they are (also in the schema's problems, as messages), each entity's model class by
    /// qualified name, and where each entity and property is declared.
    static func schema(
        of models: [DeclarationIndex.TypeDecl], version: Schema.Version, index: DeclarationIndex,
        problems: [SourceProblem]
    ) -> (schema: Schema, problems: [SourceProblem], modelTypes: [String: String], places: SourceVersion.Places) {
        var problems = problems
        var locations: [InverseResolver.Key: SourceLocation] = [:]
        var queue = models
        var byName: [String: String] = [:]
        var entities: [Schema.Entity] = []
        var declared: [InverseResolver.Declared] = []
        var defaults: [String: [String: StoredDefault]] = [:]
        var places = SourceVersion.Places()
        let reader = ModelReader(index: index)
        // How each model type was reached: the model and relationship that lead to it (none for a listed model).
        var reachedThrough: [String: (model: String, property: String)] = [:]
        func chain(to name: String) -> String {
            var links: [String] = []
            var current = name
            while let step = reachedThrough[current], links.count < 16 {
                links.insert("\(step.model).\(step.property)", at: 0)
                current = step.model
            }
            return (links + [name]).joined(separator: " -> ")
        }
        while !queue.isEmpty {
            let model = queue.removeFirst()
            if let existing = byName[model.simpleName] {
                if existing != model.name {
                    let path = [existing, model.name].filter { reachedThrough[$0] != nil }.map(chain(to:))
                    problems.append(
                        SourceProblem(
                            model.file.location(of: model.node),
                            "two model types are both named '\(model.simpleName)' (\(existing) and \(model.name)); an entity is named after its class, so one schema can hold only one of them"
                                + (path.isEmpty ? "" : " (reached through \(path.joined(separator: "; ")))")
                        ))
                }
                continue
            }
            byName[model.simpleName] = model.name
            let read = reader.read(model)
            places.entities[read.entity.name] = model.file.location(of: model.node)
            places.properties[read.entity.name] = read.locations
            entities.append(read.entity)
            defaults[read.entity.name] = read.defaults
            problems += read.problems
            for (property, location) in read.locations {
                locations[InverseResolver.Key(entity: read.entity.name, property: property)] = location
            }
            for (relationship, destination) in zip(read.entity.relationships, read.destinations)
            where reachedThrough[destination.name] == nil && destination.name != model.name
                && !models.contains(where: { $0.name == destination.name })
            {
                reachedThrough[destination.name] = (model.name, relationship.name)
            }
            queue += read.destinations
            declared += read.entity.relationships.map {
                InverseResolver.Declared(
                    entity: read.entity.name, name: $0.name, destination: $0.destination,
                    declaredInverse: read.declaredInverses[$0.name])
            }
        }
        let (inverses, inverseProblems) = InverseResolver(declared).resolve()
        for entityIndex in entities.indices {
            for relationshipIndex in entities[entityIndex].relationships.indices {
                let key = InverseResolver.Key(
                    entity: entities[entityIndex].name,
                    property: entities[entityIndex].relationships[relationshipIndex].name)
                entities[entityIndex].relationships[relationshipIndex].inverse = inverses[key]
            }
        }
        problems += inverseProblems.map { problem in
            SourceProblem(
                locations[problem.relationship] ?? models.first.map { $0.file.location(of: $0.node) }
                    ?? SourceLocation(file: "", line: 0, column: 0),
                problem.description)
        }
        return (
            Schema(entities: entities, version: version, problems: problems.map(\.message), defaults: defaults),
            problems, byName, places
        )
    }

    /// `Schema.Version(1, 0, 0)`, `.init(1, 0, 0)` or `Schema.Version("1.0.0")`.
    static func version(_ expression: ExprSyntax) -> Schema.Version? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.trimmedDescription
        guard callee.hasSuffix("Version") || callee == ".init" || callee.hasSuffix("Version.init") else { return nil }
        let numbers = call.arguments.compactMap {
            $0.expression.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text) }
        }
        if numbers.count == 3, call.arguments.count == 3 { return Schema.Version(numbers[0], numbers[1], numbers[2]) }
        if call.arguments.count == 1, let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self) {
            return Schema.Version(literal.segments.trimmedDescription)
        }
        return nil
    }

    /// The type `X` of an `X.self` expression (also cast, `X.self as any PersistentModel.Type`, or in parentheses).
    static func typeReference(_ expression: ExprSyntax) -> String? {
        if let cast = expression.as(AsExprSyntax.self) { return typeReference(cast.expression) }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let first = sequence.elements.first,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
        {
            return typeReference(first)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return typeReference(only.expression)
        }
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self" else {
            return nil
        }
        return access.base?.trimmedDescription
    }
}
