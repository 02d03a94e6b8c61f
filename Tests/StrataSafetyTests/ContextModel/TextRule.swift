import Foundation

/// How a predicate's `==`, `contains` and `starts(with:)` compare strings, which depends, in Strata as in
/// SwiftData, on where the predicate is evaluated:
/// - `literal`, in SQL, for rows saved and unchanged since: code point by code point. Core Data turns `contains`
///   (a `CONTAINS` without options once the `#Predicate` is an `NSPredicate`) into `NSCoreDataStringSearch(column,
///   ?, 0, 0)`, which calls `CFStringFindWithOptionsAndLocale` with no flags, so without `kCFCompareNonliteral`;
///   `starts(with:)` is the same search anchored, `==` is SQL's `=`. Strata's `instr`, `substr` and `IS` compare
///   UTF-8 bytes, which gives the same answers. So "é" (U+00E9) does not contain "e\u{301}".
/// - `swift`, in memory, for objects inserted or changed since the last save: Swift's `==`, `contains` and
///   `starts(with:)` (Foundation's `Predicate` evaluation), which compare characters by canonical equivalence.
/// Both find the empty string in every string (SQLite's `instr` and Foundation's `Predicate` do).
enum TextRule {
    case literal, swift

    /// `a == b`.
    func equal(_ a: String, _ b: String) -> Bool {
        self == .literal ? a.utf8.elementsEqual(b.utf8) : a == b
    }

    /// `text.contains(part)`.
    func contains(_ text: String, _ part: String) -> Bool {
        if part.isEmpty { return true }
        return self == .literal ? Data(text.utf8).range(of: Data(part.utf8)) != nil : text.contains(part)
    }

    /// `text.starts(with: prefix)`.
    func starts(_ text: String, with prefix: String) -> Bool {
        self == .literal ? text.utf8.starts(with: prefix.utf8) : text.starts(with: prefix)
    }
}
