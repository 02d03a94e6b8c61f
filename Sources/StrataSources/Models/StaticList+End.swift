import SwiftSyntax

/// Where a list a static member builds ends, as written: the array literal whose last element is the list's last, so
/// that an element written at its end comes last in the list (where `strata next-version` adds a plan's new version
/// and stage). The reader finds it as it follows the list (``StaticList/end(of:of:)``): the last operand of `+`, a
/// cast or parentheses, another static list of the same type, a getter's local after `+=` or `=`.
extension StaticList {
    /// The end of a list: the array literal, or the code past which it cannot be found.
    enum End {
        /// The array literal ending the list, and its file.
        case literal(ArrayExprSyntax, SourceFile)
        /// The code that builds the end of the list some other way (a local appended to, a `filter`, another type's
        /// list), and its file.
        case unfollowed(Syntax, SourceFile)
    }
}
