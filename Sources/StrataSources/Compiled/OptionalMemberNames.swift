import SwiftSyntax

/// Which members of a type count only once their names are written (see ``NeededDeclarations`` and ``StageReach``).
extension NeededDeclarations {
    /// The names of a member that may be left out (what uses it, and how a report shows it), or nil for a member that
    /// must stay: a stored instance property (a model's stored properties always stay), an enum case, a nested type.
    static func optionalNames(_ decl: DeclSyntax, owner: String) -> (names: Set<String>, display: String)? {
        if let function = decl.as(FunctionDeclSyntax.self) {
            // Operators and the standard protocols' requirements are used without their names being written.
            guard case .identifier(let name) = function.name.tokenKind, !requirements.contains(name) else { return nil }
            return ([name], name + "(…)")
        }
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            let parameters = initializer.signature.parameterClause.parameters
            let labels = parameters.map { $0.firstName.text + ":" }.joined()
            let first = parameters.first.map(\.firstName.text)
            if first == "from" && parameters.count == 1 { return nil } // Decodable's init(from:)
            if let first, requirements.contains(first) { return nil } // init(rawValue:), init(stringLiteral:)
            let typeName = String(owner.split(separator: ".").last ?? "")
            let names: Set<String> = first.map { $0 == "_" ? [typeName] : [$0] } ?? [typeName, "init"]
            return (names, "init(\(labels))")
        }
        if decl.is(SubscriptDeclSyntax.self) { return (["subscript"], "subscript") }
        guard let variable = decl.as(VariableDeclSyntax.self) else { return nil }
        let isStatic = variable.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        let computed = variable.bindings.contains { binding in
            switch binding.accessorBlock?.accessors {
            case .getter?: true
            case .accessors(let list)?:
                list.contains {
                    $0.accessorSpecifier.tokenKind != .keyword(.willSet)
                        && $0.accessorSpecifier.tokenKind != .keyword(.didSet)
                }
            case nil: false
            }
        }
        guard isStatic || computed else { return nil }
        let names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        guard !names.isEmpty, requirements.isDisjoint(with: names) else { return nil }
        return (Set(names), names.joined(separator: ", "))
    }

    /// Members the standard protocols (iterators, string interpolations and result builders among them) and the
    /// plans' protocols require, used without their names being written: never left out.
    private static let requirements: Set<String> = [
        "encode", "hash", "description", "debugDescription", "id", "rawValue", "allCases", "hashValue", "schemas",
        "stages", "versionIdentifier", "models", "stringLiteral", "integerLiteral", "floatLiteral", "booleanLiteral",
        "arrayLiteral", "dictionaryLiteral", "unicodeScalarLiteral", "extendedGraphemeClusterLiteral", "nilLiteral",
        "errorDescription", "failureReason", "recoverySuggestion", "helpAnchor", "makeIterator", "startIndex",
        "endIndex", "callAsFunction", "wrappedValue", "projectedValue", "next", "index", "makeAsyncIterator",
        "appendInterpolation", "appendLiteral", "stringInterpolation", "buildBlock", "buildExpression",
        "buildOptional", "buildEither", "buildArray", "buildFinalResult", "buildPartialBlock",
        "buildLimitedAvailability", "dynamicallyCall",
    ]
}
