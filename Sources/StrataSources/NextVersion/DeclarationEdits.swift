import SwiftSyntax

/// The syntax edits `strata next-version` makes inside existing declarations: an element appended to a plan's
/// `schemas` or `stages` array literal, a member added at the end of a type, `originalName:` added to a property's
/// `@Attribute`. Each touches only the node it names.
extension SourceEdits {
    /// Appends `element` to the array literal the static property `name` of `type` holds or returns; a refusal when
    /// it is not one array literal.
    mutating func append(_ element: String, toList name: String, of type: DeclarationIndex.TypeDecl) throws {
        guard let declaration = StaticMember.declaration(name, among: type.members) else {
            throw NextVersionRefusal("\(type.simpleName) has no static \(name) to add \(element) to")
        }
        let arrays = Syntax(declaration.binding).children(viewMode: .sourceAccurate).flatMap(Self.outermostArrays)
        guard arrays.count == 1, let array = arrays.first else {
            throw NextVersionRefusal(
                "\(declaration.file.location(of: declaration.decl)): \(type.simpleName).\(name) is not one array literal, so Strata cannot add \(element) to it; add it by hand and run again"
            )
        }
        guard let last = array.elements.last else {
            replace(array, in: declaration.file, with: "[\(element)]")
            return
        }
        let multiline = last.leadingTrivia.contains { $0.isNewline }
        let indent = multiline ? Self.indentation(of: last.leadingTrivia) : ""
        if let comma = last.trailingComma {
            let offset = comma.endPositionBeforeTrailingTrivia.utf8Offset
            insert(multiline ? "\n\(indent)\(element)," : " \(element),", at: offset, in: declaration.file)
        } else {
            let offset = last.expression.endPositionBeforeTrailingTrivia.utf8Offset
            insert(multiline ? ",\n\(indent)\(element)" : ", \(element)", at: offset, in: declaration.file)
        }
    }

    /// Adds `members` (declarations, unindented) at the end of `type`'s own declaration, one level deeper than it.
    mutating func addMembers(_ members: [String], to type: DeclarationIndex.TypeDecl) {
        guard !members.isEmpty, let group = type.node.asProtocol(DeclGroupSyntax.self) else { return }
        let indent = group.memberBlock.members.first.map { Self.indentation(of: $0.leadingTrivia) } ?? "    "
        let text = members.map { "\n" + VersionText.indented($0, by: indent) + "\n" }.joined()
        insert(
            text, at: group.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset, in: type.file,
            isDeclaration: true)
    }

    /// Declares `old` as the earlier name of the stored property `name` of `model`: `originalName:` added to its
    /// `@Attribute`, or `@Attribute(originalName:)` put before it.
    mutating func rename(_ name: String, from old: String, in model: DeclarationIndex.TypeDecl) throws {
        let members = model.node.asProtocol(DeclGroupSyntax.self)?.memberBlock.members ?? []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                variable.bindings.contains(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                })
            else { continue }
            let attribute = variable.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first {
                $0.attributeName.trimmedDescription == "Attribute"
            }
            if case .argumentList(let arguments)? = attribute?.arguments, let last = arguments.last {
                insert(
                    ", originalName: \"\(old)\"", at: last.endPositionBeforeTrailingTrivia.utf8Offset, in: model.file)
            } else {
                insert(
                    "@Attribute(originalName: \"\(old)\") ", at: variable.positionAfterSkippingLeadingTrivia.utf8Offset,
                    in: model.file)
            }
            return
        }
        throw NextVersionRefusal("\(model.simpleName) declares no stored property \(name) to rename from \(old)")
    }

    /// The array literals directly under `node` (not inside another array literal).
    private static func outermostArrays(_ node: Syntax) -> [ArrayExprSyntax] {
        if let array = node.as(ArrayExprSyntax.self) { return [array] }
        if node.is(ClosureExprSyntax.self) { return [] }
        return node.children(viewMode: .sourceAccurate).flatMap(outermostArrays)
    }

    /// The spaces after the last newline of `trivia`: a line's indentation.
    static func indentation(of trivia: Trivia) -> String {
        var indent = ""
        for piece in trivia.pieces {
            switch piece {
            case .newlines, .carriageReturnLineFeeds, .carriageReturns: indent = ""
            case .spaces(let count): indent += String(repeating: " ", count: count)
            case .tabs(let count): indent += String(repeating: "\t", count: count)
            default: break
            }
        }
        return indent
    }
}
