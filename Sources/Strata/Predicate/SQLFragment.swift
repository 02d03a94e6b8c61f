import Foundation
internal import GRDB

/// A piece of SQL with its bound values, and what the translator knows of the value it computes.
struct SQLFragment {
    /// The SQL text; every value is a `?` placeholder.
    var sql: String
    /// The values bound to the placeholders, in order.
    var arguments: [DatabaseValue]
    /// The stored type of the value, when known (columns and encoded values); decides if comparisons can run in SQL.
    var valueType: ValueType?
    /// True when the fragment is a literal NULL.
    var isNull = false
    /// The entity a fragment denotes when it is a to-one relationship (its key), for further key paths.
    var entity: EntityMapping?
}

/// Raised inside the translator when an expression has no SQL equivalent; the fetch then evaluates in memory.
struct Untranslatable: Error {
    let reason: String
}

/// What the translator tracks while walking a predicate: the table alias bound to each predicate variable.
final class TranslationScope {
    /// The mapping and SQL alias of each variable in scope.
    var variables: [PredicateExpressions.VariableID: (mapping: EntityMapping, alias: String)] = [:]
    /// Scalar values bound to flat-map variables (an optional column unwrapped).
    var scalars: [PredicateExpressions.VariableID: SQLFragment] = [:]
    /// The schema, for following relationships.
    let schema: Schema
    private var aliasCount = 0

    init(schema: Schema) { self.schema = schema }

    /// A fresh table alias for a subquery.
    func newAlias() -> String {
        aliasCount += 1
        return "r\(aliasCount)"
    }
}

/// A predicate expression that can be written as SQL.
protocol SQLTranslatable {
    /// The SQL for this expression, or `Untranslatable`.
    func sql(in scope: TranslationScope) throws -> SQLFragment
}

/// Translates a sub-expression, or gives up when it is of a kind Strata does not translate.
func translate(_ expression: Any, in scope: TranslationScope) throws -> SQLFragment {
    guard let translatable = expression as? any SQLTranslatable else {
        throw Untranslatable(reason: "\(type(of: expression)) has no SQL form")
    }
    return try translatable.sql(in: scope)
}

/// Wraps a boolean SQL expression so that NULL reads as false, as Swift predicates have no unknown value.
func definite(_ fragment: SQLFragment) -> SQLFragment {
    SQLFragment(sql: "IFNULL((\(fragment.sql)), 0)", arguments: fragment.arguments, valueType: .bool)
}
