import Strata
import StrataModelSyntax
import SwiftSyntax

/// The arguments of an `@Attribute(...)` or `@Relationship(...)` as written: options, strings, numbers, key paths.
struct AnnotationArguments {
    private let arguments: [LabeledExprSyntax]

    /// `@Attribute` options by the name written after the dot.
    static let attributeOptions: [String: Schema.Attribute.Option] = [
        "unique": .unique, "externalStorage": .externalStorage, "allowsCloudEncryption": .allowsCloudEncryption,
        "preserveValueOnDeletion": .preserveValueOnDeletion, "spotlight": .spotlight, "ephemeral": .ephemeral,
    ]

    /// The arguments of `attribute` (none when it is absent or has no parentheses).
    init(_ attribute: AttributeSyntax?) {
        if case .argumentList(let list)? = attribute?.arguments { arguments = Array(list) } else { arguments = [] }
    }

    /// The unlabeled `.name` options, by name.
    var options: [String] {
        arguments.filter { $0.label == nil }.compactMap {
            $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
    }

    private func value(_ label: String) -> ExprSyntax? { arguments.first { $0.label?.text == label }?.expression }

    /// A string literal argument.
    func string(_ label: String) -> String? {
        guard let literal = value(label)?.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            case .stringSegment(let segment)? = literal.segments.first
        else { return nil }
        return segment.content.text
    }

    /// An integer literal argument.
    func integer(_ label: String) -> Int? {
        value(label)?.as(IntegerLiteralExprSyntax.self).flatMap {
            Int($0.literal.text.replacingOccurrences(of: "_", with: ""))
        }
    }

    /// A `.member` argument's name.
    func member(_ label: String) -> String? {
        value(label)?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The last property of a key path argument (`\Book.author` is `author`).
    func keyPathProperty(_ label: String) -> String? {
        guard let keyPath = value(label)?.as(KeyPathExprSyntax.self), let last = keyPath.components.last,
            case .property(let property) = last.component
        else { return nil }
        return property.declName.baseName.text.trimmingBackticks
    }
}
