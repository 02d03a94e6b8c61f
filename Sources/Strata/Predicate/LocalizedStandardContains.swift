import Foundation

extension PredicateExpressions {
    /// `string.localizedStandardContains(other)` in a `#Predicate`: case- and diacritic-insensitive search.
    ///
    /// Linux's Foundation lacks this expression; Strata supplies it so predicates written for SwiftData compile.
    public struct StringLocalizedStandardContains<Root: PredicateExpression, Other: PredicateExpression>:
        PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// The result is a Bool.
        public typealias Output = Bool
        /// The string searched.
        public let root: Root
        /// The string searched for.
        public let other: Other

        /// Creates the expression.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// True when `other` occurs in `root`, ignoring case and diacritics.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(other.evaluate(bindings))
        }
    }

    /// Builds `localizedStandardContains` for the `#Predicate` macro.
    public static func build_localizedStandardContains<Root, Other>(
        _ root: Root, _ other: Other
    ) -> StringLocalizedStandardContains<Root, Other> {
        StringLocalizedStandardContains(root: root, other: other)
    }
}

extension PredicateExpressions.StringLocalizedStandardContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}

extension PredicateExpressions.StringLocalizedStandardContains: Codable where Root: Codable, Other: Codable {}

extension PredicateExpressions.StringLocalizedStandardContains: Sendable where Root: Sendable, Other: Sendable {}
