import SwiftSyntax

/// The `CaseIterable` enums a Tuist manifest and its helpers declare (`enum Module: String, CaseIterable`), read
/// without running them, so `Module.allCases.map(\.target)` lists a target per case: each case's raw value, the
/// strings its computed properties give for it (a `rawValue` interpolation, or a `switch self` of literals), and the
/// bodies of its other computed properties (`var target: Target { .target(name: name, …) }`), read per case.
struct TuistEnums {
    /// One enum: the strings each case gives, by property name (`rawValue` among them), and the other properties'
    /// bodies.
    struct Enum {
        /// For each case in order, the strings its properties give.
        let cases: [[String: String]]
        /// The getters of the computed properties, by name.
        let bodies: [String: CodeBlockItemListSyntax]
    }

    /// The enums found, by name (the first of a name).
    private(set) var enums: [String: Enum] = [:]

    /// The `CaseIterable` enums of `trees`.
    init(trees: [SourceFileSyntax]) {
        for tree in trees {
            for decl in TuistManifest.Nodes(tree, EnumDeclSyntax.self).found
            where Self.isCaseIterable(decl) && enums[decl.name.text] == nil {
                enums[decl.name.text] = Self.read(decl)
            }
        }
    }

    /// The enum whose cases `expression` lists (`Module.allCases`), if it is one of those found.
    func allCases(_ expression: ExprSyntax) -> Enum? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "allCases",
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return enums[base.baseName.text]
    }

    private static func read(_ decl: EnumDeclSyntax) -> Enum {
        let inherited = decl.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        let stringRaw = inherited.first == "String"
        var cases: [(name: String, values: [String: String])] = []
        var properties: [(name: String, body: CodeBlockItemListSyntax)] = []
        for item in decl.memberBlock.members {
            if let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) {
                for element in caseDecl.elements {
                    var values: [String: String] = [:]
                    if let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self) {
                        values["rawValue"] = TuistTargets.string(ExprSyntax(raw), values: [:])
                    } else if stringRaw {
                        values["rawValue"] = element.name.text
                    }
                    cases.append((element.name.text, values))
                }
            } else if let variable = item.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                case .getter(let body)? = binding.accessorBlock?.accessors
            {
                properties.append((name, body))
            }
        }
        // A property may use one declared before or after it: read them twice.
        let evaluated = cases.map { caseName, start in
            var values = start
            for _ in 0..<2 {
                for (name, body) in properties where values[name] == nil {
                    values[name] = value(of: body, for: caseName, values: values)
                }
            }
            return values
        }
        return Enum(
            cases: evaluated,
            bodies: Dictionary(properties.map { ($0.name, $0.body) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The string a getter gives for the case `caseName`: its one expression (or `return`), or the clause of its
    /// `switch self` naming the case (or `default`); nil otherwise.
    private static func value(of body: CodeBlockItemListSyntax, for caseName: String, values: [String: String])
        -> String?
    {
        guard body.count == 1, let item = body.first?.item else { return nil }
        let scoped = values.reduce(into: values) { $0["self." + $1.key] = $1.value }
        guard let expression = expression(of: Syntax(item)) else { return nil }
        guard let switchExpr = expression.as(SwitchExprSyntax.self) else {
            return TuistTargets.string(expression, values: scoped)
        }
        for clause in switchExpr.cases.compactMap({ $0.as(SwitchCaseSyntax.self) }) {
            let matches: Bool
            switch clause.label {
            case .default: matches = true
            case .case(let label):
                matches = label.caseItems.contains {
                    $0.pattern.trimmedDescription == "." + caseName
                }
            }
            guard matches else { continue }
            guard clause.statements.count == 1, let statement = clause.statements.first?.item,
                let result = Self.expression(of: Syntax(statement))
            else { return nil }
            return TuistTargets.string(result, values: scoped)
        }
        return nil
    }

    /// The expression an item gives: itself, or what it returns.
    private static func expression(of item: Syntax) -> ExprSyntax? {
        if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return item.as(ExprSyntax.self)
    }

    /// True for an enum declaring `CaseIterable`.
    static func isCaseIterable(_ decl: EnumDeclSyntax) -> Bool {
        decl.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "CaseIterable" } == true
    }
}
