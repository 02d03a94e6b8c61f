import SwiftSyntax

/// The syntax edits `strata next-version` makes inside existing declarations: an element appended to the list a
/// plan's `schemas` or `stages` builds, a member added at the end of a type, `originalName:` added to a property's
/// `@Attribute`. Each touches only the node it names.
extension SourceEdits {
    /// Appends `element` to the list the static property `name` of `type` builds, at the array literal that ends it
    /// (``StaticList/end(of:of:)``: the literal it holds or returns, the last operand of a `+`, another static list
    /// named for it); a refusal naming the code when the list ends some other way.
    mutating func append(
        _ element: String, toList name: String, of type: DeclarationIndex.TypeDecl, index: DeclarationIndex
    ) throws {
        let array: ArrayExprSyntax
        let file: SourceFile
        switch StaticList(index: index).end(of: name, of: type) {
        case nil:
            throw NextVersionRefusal("\(type.simpleName) has no static \(name) to add \(element) to")
        case .unfollowed(let node, let place)?:
            let written = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
            throw NextVersionRefusal(
                "\(place.location(of: node)): \(type.simpleName).\(name) does not end in an array literal (`\(written)`), so Strata cannot add \(element) to it; add it by hand and run again"
            )
        case .literal(let literal, let place)?:
            (array, file) = (literal, place)
        }
        guard let last = array.elements.last else {
            appendFirst(element, to: array, in: file)
            return
        }
        let multiline = last.leadingTrivia.contains { $0.isNewline }
        let indent = multiline ? Self.indentation(of: last.leadingTrivia) : ""
        if let comma = last.trailingComma {
            let offset = comma.endPositionBeforeTrailingTrivia.utf8Offset
            insert(multiline ? "\n\(indent)\(element)," : " \(element),", at: offset, in: file)
        } else {
            let offset = last.expression.endPositionBeforeTrailingTrivia.utf8Offset
            insert(multiline ? ",\n\(indent)\(element)" : ", \(element)", at: offset, in: file)
        }
    }

    /// Writes `element` into the empty array literal `array`: `[element]`, or, where the literal spans lines (comments
    /// inside it kept, `return [ // Future stages here ]`), on a line of its own before the `]`.
    private mutating func appendFirst(_ element: String, to array: ArrayExprSyntax, in file: SourceFile) {
        let closing = array.rightSquare
        guard
            closing.leadingTrivia.contains(where: \.isNewline)
                || array.leftSquare.trailingTrivia.contains(where: \.isNewline)
        else {
            replace(array, in: file, with: "[\(element)]")
            return
        }
        let closingIndent = Self.indentation(of: closing.leadingTrivia)
        // The indentation of the comments on lines of their own inside the literal, else one level under the `]`.
        var inner = closingIndent + "    "
        var indent: String?
        for piece in array.leftSquare.trailingTrivia.pieces + closing.leadingTrivia.pieces {
            switch piece {
            case .newlines, .carriageReturnLineFeeds, .carriageReturns: indent = ""
            case .spaces(let count): indent? += String(repeating: " ", count: count)
            case .tabs(let count): indent? += String(repeating: "\t", count: count)
            case .lineComment, .blockComment, .docLineComment, .docBlockComment: inner = indent ?? inner
            default: break
            }
        }
        if closing.leadingTrivia.contains(where: \.isNewline) {
            insert(
                "\(inner.dropFirst(closingIndent.count))\(element),\n\(closingIndent)",
                at: closing.positionAfterSkippingLeadingTrivia.utf8Offset, in: file)
        } else {
            insert(
                "\n\(inner)\(element),\n\(closingIndent)", at: closing.positionAfterSkippingLeadingTrivia.utf8Offset,
                in: file)
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
