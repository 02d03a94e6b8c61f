import SwiftSyntax

/// The elements of a list a static member builds (a schema's `models`, a plan's `schemas` and `stages`), followed as
/// Swift builds it: an array literal, or a getter's statements that assemble one (a local array, `append`,
/// `append(contentsOf:)`, `+=`, `+` of lists, another type's static list such as `SchemaV1.models`, and
/// `.filter { $0 != X.self }`). Code it cannot follow is a failure at that code, never a shorter list.
struct StaticList {
    /// One element as written, with the file and the type scope it is written in (an element of `SchemaV1.models`
    /// names SchemaV1's types).
    struct Element {
        /// The expression (`Item.self`, `.lightweight(…)`, `migrateV1toV2`).
        let expression: ExprSyntax
        /// The file holding it.
        let file: SourceFile
        /// The scope its names are resolved in.
        let scope: [String]
        /// Where it enters the list read: the element itself, or the other list that brings it (the
        /// `SchemaV1.models` of `SchemaV1.models + [Tag.self]`), with that file.
        var origin: (node: ExprSyntax, file: SourceFile)

        init(expression: ExprSyntax, file: SourceFile, scope: [String]) {
            self.expression = expression
            self.file = file
            self.scope = scope
            origin = (expression, file)
        }
    }

    /// Code building the list in a way Strata cannot follow.
    struct Unreadable: Error {
        /// The statement or expression.
        let node: Syntax
        /// The file holding it.
        let file: SourceFile
    }

    /// The list, or the code that could not be followed.
    enum Reading {
        case elements([Element])
        case unreadable(Unreadable, declaration: StaticMember.Declaration)
    }

    let index: DeclarationIndex

    /// The elements of the static member `name` of `type` (declared in it or its extensions); nil when it declares
    /// none.
    func read(_ name: String, of type: DeclarationIndex.TypeDecl) -> Reading? {
        guard let declaration = StaticMember.declaration(name, among: type.members) else { return nil }
        do {
            return .elements(try listed(declaration, in: type, depth: 0).elements)
        } catch let unreadable as Unreadable {
            return .unreadable(unreadable, declaration: declaration)
        } catch {
            return nil
        }
    }

    /// The end of the list the static member `name` of `type` builds, as written (see ``End``); nil when `type`
    /// declares no such member.
    func end(of name: String, of type: DeclarationIndex.TypeDecl) -> End? {
        guard let declaration = StaticMember.declaration(name, among: type.members) else { return nil }
        do {
            return try listed(declaration, in: type, depth: 0).end
        } catch let unreadable as Unreadable {
            return .unfollowed(unreadable.node, unreadable.file)
        } catch {
            return .unfollowed(Syntax(declaration.decl), declaration.file)
        }
    }

    /// The message for code that could not be followed: "SchemaV2's models are built by code Strata cannot read".
    static func message(owner: String, member: String, _ unreadable: Unreadable) -> String {
        let line = unreadable.file.location(of: unreadable.node).line
        let written = unreadable.node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        return
            "\(owner)'s \(member) are built by code Strata cannot read: line \(line), `\(written)`; write them as an array literal, or build one with append, append(contentsOf:), + and filter"
    }

    /// A list as followed: its elements, and where an element written last would come last.
    private struct Listed {
        var elements: [Element]
        var end: End
    }

    /// A local of a getter: a list, or one value (a stage held in a `let` before the list names it).
    private enum Local {
        case list(Listed)
        case value(ExprSyntax)
    }

    private struct Context {
        let type: DeclarationIndex.TypeDecl
        let file: SourceFile
        let depth: Int
        var scope: [String]
        var locals: [String: Local] = [:]
    }

    private func listed(
        _ declaration: StaticMember.Declaration, in type: DeclarationIndex.TypeDecl, depth: Int
    ) throws -> Listed {
        var context = Context(type: type, file: declaration.file, depth: depth, scope: index.scope(inside: type))
        if let value = declaration.binding.initializer?.value { return try list(value, &context) }
        guard let body = StaticMember.getterBody(declaration.binding) else {
            throw Unreadable(node: Syntax(declaration.decl), file: declaration.file)
        }
        return try statements(body, &context)
    }

    /// Runs a getter's statements to its `return` (or its only expression).
    private func statements(_ body: CodeBlockItemListSyntax, _ context: inout Context) throws -> Listed {
        // `#if os(watchOS)` in the getter: the clause the app's build compiles.
        let items = index.build.activeStatements(body)
        if items.count == 1, let only = items.first, let expression = Self.expression(only.item) {
            return try list(expression, &context)
        }
        for item in items {
            let node = Syntax(item)
            switch item.item {
            case .decl(let decl):
                guard let variable = decl.as(VariableDeclSyntax.self) else {
                    throw Unreadable(node: node, file: context.file)
                }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                        throw Unreadable(node: node, file: context.file)
                    }
                    guard let value = binding.initializer?.value else {
                        context.locals[name] = nil
                        continue
                    }
                    if let local = try? list(value, &context) {
                        context.locals[name] = .list(local)
                    } else {
                        context.locals[name] = .value(value)
                    }
                }
            case .stmt(let statement):
                if let returned = statement.as(ReturnStmtSyntax.self) {
                    guard let value = returned.expression else { throw Unreadable(node: node, file: context.file) }
                    return try list(value, &context)
                }
                guard let expression = statement.as(ExpressionStmtSyntax.self)?.expression else {
                    throw Unreadable(node: node, file: context.file)
                }
                try mutation(expression, node: node, &context)
            case .expr(let expression):
                try mutation(expression, node: node, &context)
            }
        }
        throw Unreadable(node: Syntax(body), file: context.file)
    }

    private static func expression(_ item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
        if case .expr(let expression) = item { return expression }
        if case .stmt(let statement) = item { return statement.as(ExpressionStmtSyntax.self)?.expression }
        return nil
    }

    /// `all.append(X.self)`, `all.append(contentsOf: list)`, `all += list`, `all = list`.
    private func mutation(_ expression: ExprSyntax, node: Syntax, _ context: inout Context) throws {
        let unreadable = Unreadable(node: node, file: context.file)
        if let call = expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            let name = callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .list(let current)? = context.locals[name],
            callee.declName.baseName.text == "append", call.arguments.count == 1, let argument = call.arguments.first,
            call.trailingClosure == nil
        {
            // After an append the list ends in no literal: what is written after it comes after the appended.
            switch argument.label?.text {
            case nil:
                context.locals[name] = .list(
                    Listed(
                        elements: current.elements + [element(argument.expression, context)],
                        end: .unfollowed(node, context.file)))
            case "contentsOf":
                let added = try list(argument.expression, &context)
                context.locals[name] = .list(
                    Listed(elements: current.elements + added.elements, end: .unfollowed(node, context.file)))
            default: throw unreadable
            }
            return
        }
        if let (target, operation, value) = Self.assignment(expression),
            let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            let added = try list(value, &context)
            switch (operation, context.locals[name]) {
            case ("=", _): context.locals[name] = .list(added)
            case ("+=", .list(let current)?):
                context.locals[name] = .list(Listed(elements: current.elements + added.elements, end: added.end))
            default: throw unreadable
            }
            return
        }
        throw unreadable
    }

    /// `target = value` or `target += value`, folded or as the parser leaves it.
    private static func assignment(_ expression: ExprSyntax) -> (ExprSyntax, String, ExprSyntax)? {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3 else { return nil }
            if elements[1].is(AssignmentExprSyntax.self) { return (elements[0], "=", elements[2]) }
            if let operation = elements[1].as(BinaryOperatorExprSyntax.self), operation.operator.text == "+=" {
                return (elements[0], "+=", elements[2])
            }
            return nil
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            if infix.operator.is(AssignmentExprSyntax.self) { return (infix.leftOperand, "=", infix.rightOperand) }
            if infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
                return (infix.leftOperand, "+=", infix.rightOperand)
            }
        }
        return nil
    }

    /// An element written in the current context; a local holding one value stands for that value.
    private func element(_ expression: ExprSyntax, _ context: Context) -> Element {
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .value(let value)? = context.locals[name]
        {
            return Element(expression: value, file: context.file, scope: context.scope)
        }
        return Element(expression: expression, file: context.file, scope: context.scope)
    }

    /// The list an expression makes, and where it ends.
    private func list(_ expression: ExprSyntax, _ context: inout Context) throws -> Listed {
        let unreadable = Unreadable(node: Syntax(expression), file: context.file)
        let unfollowed = End.unfollowed(Syntax(expression), context.file)
        guard context.depth < 12 else { throw unreadable }
        if let array = expression.as(ArrayExprSyntax.self) {
            return Listed(
                elements: array.elements.map { element($0.expression, context) }, end: .literal(array, context.file))
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            if case .list(let listed)? = context.locals[reference.baseName.text] { return listed }
            // Another static list of the same type, named without `Self.` (`static var models { allModels }`).
            guard context.locals[reference.baseName.text] == nil,
                let declaration = StaticMember.declaration(reference.baseName.text, among: context.type.members)
            else { throw unreadable }
            return entered(
                try listed(declaration, in: context.type, depth: context.depth + 1), through: expression, context)
        }
        if let cast = expression.as(AsExprSyntax.self) {
            // `[Trip.self] as [any PersistentModel.Type]`
            return try list(cast.expression, &context)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return try list(only.expression, &context)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            var elements = Array(sequence.elements)
            // `… as [any PersistentModel.Type]` casts what comes before it (casting binds looser than `+`).
            while elements.count >= 3, elements[elements.count - 2].is(UnresolvedAsExprSyntax.self) {
                elements.removeLast(2)
            }
            if elements.count == 1 { return try list(elements[0], &context) }
            guard elements.count % 2 == 1 else { throw unreadable }
            var result = Listed(elements: [], end: unfollowed)
            for (offset, element) in elements.enumerated() {
                if offset % 2 == 1 {
                    guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { throw unreadable }
                } else {
                    let operand = try list(element, &context)
                    result = Listed(elements: result.elements + operand.elements, end: operand.end)
                }
            }
            return result
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        {
            let (left, right) = (try list(infix.leftOperand, &context), try list(infix.rightOperand, &context))
            return Listed(elements: left.elements + right.elements, end: right.end)
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self), let base = callee.base,
            callee.declName.baseName.text == "filter",
            let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            call.arguments.count + (call.trailingClosure == nil ? 0 : 1) == 1
        {
            let excluded = try Self.excluded(by: closure, unreadable: unreadable)
            let listed = try list(base, &context)
            let names = Set(excluded.map { resolved($0, scope: context.scope) })
            // A filtered list ends in no literal of its own: what is written in its base is filtered too.
            return Listed(
                elements: listed.elements.filter { element in
                    guard let name = VersionReader.typeReference(element.expression) else { return true }
                    return !names.contains(resolved(name, scope: element.scope))
                }, end: unfollowed)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
            // `SchemaV1.models`, `Self.stages`: another static list, of this type or another of the sources.
            let written = base.trimmedDescription
            let ownType = written == "Self" || written == context.type.simpleName
            let owner = ownType ? context.type : index.resolveType(written, from: context.scope)
            guard let owner,
                let declaration = StaticMember.declaration(access.declName.baseName.text, among: owner.members)
            else { throw unreadable }
            var listed = entered(
                try listed(declaration, in: owner, depth: context.depth + 1), through: expression, context)
            // Another type's list is that type's to grow, not this list's end.
            if !ownType { listed.end = unfollowed }
            return listed
        }
        throw unreadable
    }

    /// A list another static list brings in through `expression`: its elements enter the list read there.
    private func entered(_ listed: Listed, through expression: ExprSyntax, _ context: Context) -> Listed {
        Listed(
            elements: listed.elements.map { element in
                var element = element
                element.origin = (expression, context.file)
                return element
            }, end: listed.end)
    }

    /// The qualified name a type written in `scope` means, or the name as written when the sources do not declare it.
    private func resolved(_ name: String, scope: [String]) -> String {
        index.resolveType(name, from: scope)?.name ?? name
    }

    /// The types a filter closure leaves out: `{ $0 != X.self }`, `{ type in type != X.self && type != Y.self }`.
    private static func excluded(by closure: ClosureExprSyntax, unreadable: Unreadable) throws -> [String] {
        let parameter: String
        if let signature = closure.signature {
            guard case .simpleInput(let names)? = signature.parameterClause, names.count == 1,
                let name = names.first?.name.text
            else { throw unreadable }
            parameter = name
        } else {
            parameter = "$0"
        }
        guard closure.statements.count == 1, let body = closure.statements.first.flatMap({ expression($0.item) }),
            let sequence = body.as(SequenceExprSyntax.self)
        else { throw unreadable }
        let elements = Array(sequence.elements)
        guard elements.count % 4 == 3 else { throw unreadable }
        var excluded: [String] = []
        for start in stride(from: 0, to: elements.count, by: 4) {
            if start > 0 {
                guard elements[start - 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" else {
                    throw unreadable
                }
            }
            let (left, operation, right) = (elements[start], elements[start + 1], elements[start + 2])
            guard operation.as(BinaryOperatorExprSyntax.self)?.operator.text == "!=" else { throw unreadable }
            if left.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter,
                let name = VersionReader.typeReference(right)
            {
                excluded.append(name)
            } else if right.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter,
                let name = VersionReader.typeReference(left)
            {
                excluded.append(name)
            } else {
                throw unreadable
            }
        }
        return excluded
    }
}
