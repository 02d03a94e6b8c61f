import Foundation
internal import GRDB

extension PredicateExpressions.Variable: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        if let scalar = scope.scalars[key] { return scalar }
        guard let bound = scope.variables[key] else { throw Untranslatable(reason: "unbound variable") }
        return SQLFragment(
            sql: "\(quote(bound.alias)).\(quote(StoreLayout.primaryKey))", arguments: [], valueType: .int64,
            entity: bound.mapping)
    }
}

extension PredicateExpressions.KeyPath: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        let base = try translate(root, in: scope)
        if keyPath == \String.count as AnyKeyPath {
            return SQLFragment(sql: "length(\(base.sql))", arguments: base.arguments, valueType: .int)
        }
        guard let mapping = base.entity else { throw Untranslatable(reason: "key path on a value") }
        let source = try scope.source(of: base, mapping: mapping)
        if let attribute = mapping.attributes.first(where: { $0.keyPath == keyPath }) {
            return source.column(attribute.name, valueType: attribute.attribute.valueType)
        }
        if let relationship = mapping.relationships.first(where: { $0.keyPath == keyPath }),
            !relationship.relationship.isToMany,
            let destination = scope.schema.mappings[relationship.relationship.destination]
        {
            var fragment = source.column(relationship.name, valueType: .int64)
            fragment.entity = destination
            return fragment
        }
        throw Untranslatable(reason: "key path \(keyPath) is not a stored attribute or to-one relationship")
    }
}

extension TranslationScope {
    /// Where a key path's columns come from: the row itself, or a subquery on a related row.
    struct Source {
        let alias: String?
        let keySQL: SQLFragment?
        let table: String

        func column(_ name: String, valueType: ValueType) -> SQLFragment {
            if let alias {
                return SQLFragment(sql: "\(quote(alias)).\(quote(name))", arguments: [], valueType: valueType)
            }
            let key = keySQL!
            return SQLFragment(
                sql: "(SELECT \(quote(name)) FROM \(quote(table)) WHERE \(quote(StoreLayout.primaryKey)) = \(key.sql))",
                arguments: key.arguments, valueType: valueType)
        }
    }

    /// The row a fragment denotes: a variable's own alias, or a related row found by key.
    func source(of fragment: SQLFragment, mapping: EntityMapping) throws -> Source {
        if let (_, bound) = variables.first(where: {
            fragment.sql == "\(quote($0.value.alias)).\(quote(StoreLayout.primaryKey))"
        }) {
            return Source(alias: bound.alias, keySQL: nil, table: mapping.name)
        }
        return Source(alias: nil, keySQL: fragment, table: mapping.name)
    }
}

extension PredicateExpressions.Value: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        try encodeLiteral(value)
    }
}

/// A Swift value as a bound SQL value, encoded as its column would store it.
func encodeLiteral(_ value: Any) throws -> SQLFragment {
    guard let unwrapped = unwrapOptionals(value) else {
        return SQLFragment(sql: "NULL", arguments: [], valueType: nil, isNull: true)
    }
    if let model = unwrapped as? any PersistentModel {
        guard let key = model._strataBackingData.primaryKey else {
            return SQLFragment(sql: "NULL", arguments: [], valueType: .int64, isNull: true)
        }
        return SQLFragment(sql: "?", arguments: [key.databaseValue], valueType: .int64)
    }
    guard let codec = ValueCodec.make(for: type(of: unwrapped)) else {
        throw Untranslatable(reason: "no stored form for \(type(of: unwrapped))")
    }
    return SQLFragment(sql: "?", arguments: [try codec.encode(unwrapped)], valueType: codec.valueType)
}

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        SQLFragment(sql: "NULL", arguments: [], valueType: nil, isNull: true)
    }
}

extension PredicateExpressions.Equal: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        try equality(translate(lhs, in: scope), translate(rhs, in: scope), negated: false)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        try equality(translate(lhs, in: scope), translate(rhs, in: scope), negated: true)
    }
}

/// `a IS b` / `a IS NOT b`: SQLite's NULL-safe equality, as Swift's `==` on optionals.
func equality(_ lhs: SQLFragment, _ rhs: SQLFragment, negated: Bool) throws -> SQLFragment {
    let type = lhs.valueType ?? rhs.valueType
    // A test against nil is a NULL test whatever the type; only value comparisons can differ from Swift's.
    if !lhs.isNull, !rhs.isNull {
        if case .codable? = type { throw Untranslatable(reason: "JSON values compare by value, not by text") }
        if type == .double || type == .float {
            throw Untranslatable(reason: "floating-point equality (NaN, -0.0) differs in SQL")
        }
    }
    return SQLFragment(
        sql: "(\(lhs.sql)) IS \(negated ? "NOT " : "")(\(rhs.sql))", arguments: lhs.arguments + rhs.arguments,
        valueType: .bool)
}

extension PredicateExpressions.Comparison: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        let left = try translate(lhs, in: scope)
        let right = try translate(rhs, in: scope)
        let type = left.valueType ?? right.valueType
        guard let type, type.isOrderedInSQL, left.valueType?.isOrderedInSQL ?? true,
            right.valueType?.isOrderedInSQL ?? true
        else {
            throw Untranslatable(reason: "values of this type do not order the same way in SQL")
        }
        let symbol =
            switch op {
            case .lessThan: "<"
            case .lessThanOrEqual: "<="
            case .greaterThan: ">"
            case .greaterThanOrEqual: ">="
            }
        let collation = type == .string ? " COLLATE strata_swift" : ""
        return definite(
            SQLFragment(
                sql: "(\(left.sql))\(collation) \(symbol) (\(right.sql))", arguments: left.arguments + right.arguments,
                valueType: .bool))
    }
}

extension PredicateExpressions.Conjunction: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        let left = try translate(lhs, in: scope)
        let right = try translate(rhs, in: scope)
        return SQLFragment(
            sql: "(\(left.sql)) AND (\(right.sql))", arguments: left.arguments + right.arguments, valueType: .bool)
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        let left = try translate(lhs, in: scope)
        let right = try translate(rhs, in: scope)
        return SQLFragment(
            sql: "(\(left.sql)) OR (\(right.sql))", arguments: left.arguments + right.arguments, valueType: .bool)
    }
}

extension PredicateExpressions.Negation: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        let inner = try translate(wrapped, in: scope)
        return SQLFragment(sql: "NOT (\(inner.sql))", arguments: inner.arguments, valueType: .bool)
    }
}

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        try stringTest("instr(\u{0}, \u{1}) > 0", translate(base, in: scope), translate(other, in: scope))
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        try stringTest(
            "substr(\u{0}, 1, length(\u{1})) = \u{1}", translate(base, in: scope), translate(prefix, in: scope))
    }
}

extension PredicateExpressions.StringLocalizedStandardContains: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        try stringTest(
            "strata_localized_contains(\u{0}, \u{1})", translate(root, in: scope), translate(other, in: scope))
    }
}

/// A string function of two operands; `\u{0}` and `\u{1}` in the template stand for them.
func stringTest(_ template: String, _ base: SQLFragment, _ other: SQLFragment) throws -> SQLFragment {
    guard base.valueType == .string, other.valueType == .string else {
        throw Untranslatable(reason: "string tests run in SQL on string columns only")
    }
    var arguments: [DatabaseValue] = []
    var sql = ""
    for character in template {
        switch character {
        case "\u{0}":
            sql += "(\(base.sql))"
            arguments += base.arguments
        case "\u{1}":
            sql += "(\(other.sql))"
            arguments += other.arguments
        default: sql.append(character)
        }
    }
    return definite(SQLFragment(sql: sql, arguments: arguments, valueType: .bool))
}

extension PredicateExpressions.SequenceContains: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        guard let values = sequence as? PredicateExpressions.Value<LHS.Output>,
            let elements = (values.value as Any as? any ElementsShape)?.boxedElements
        else { throw Untranslatable(reason: "contains on a sequence that is not a captured value") }
        let needle = try translate(element, in: scope)
        if case .codable? = needle.valueType { throw Untranslatable(reason: "JSON values compare by value") }
        if needle.valueType == .double || needle.valueType == .float {
            throw Untranslatable(reason: "floating-point equality")
        }
        let encoded = try elements.map(encodeLiteral)
        let nonNull = encoded.filter { !$0.isNull }
        var tests: [String] = []
        if !nonNull.isEmpty { tests.append("(\(needle.sql)) IN (\(nonNull.map(\.sql).joined(separator: ", ")))") }
        if nonNull.count < encoded.count { tests.append("(\(needle.sql)) IS NULL") }
        guard !tests.isEmpty else { return SQLFragment(sql: "0", arguments: [], valueType: .bool) }
        let arguments =
            (nonNull.isEmpty ? [] : needle.arguments + nonNull.flatMap(\.arguments))
            + (nonNull.count < encoded.count ? needle.arguments : [])
        return definite(SQLFragment(sql: tests.joined(separator: " OR "), arguments: arguments, valueType: .bool))
    }
}

extension PredicateExpressions.OptionalFlatMap: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        let base = try translate(wrapped, in: scope)
        if let entity = base.entity {
            let alias = scope.newAlias()
            scope.variables[variable.key] = (entity, alias)
            defer { scope.variables[variable.key] = nil }
            let inner = try translate(transform, in: scope)
            return SQLFragment(
                sql:
                    "(SELECT \(inner.sql) FROM \(quote(entity.name)) AS \(quote(alias)) WHERE \(quote(alias)).\(quote(StoreLayout.primaryKey)) = (\(base.sql)))",
                arguments: inner.arguments + base.arguments, valueType: inner.valueType, entity: inner.entity)
        }
        scope.scalars[variable.key] = base
        defer { scope.scalars[variable.key] = nil }
        return try translate(transform, in: scope)
    }
}

extension PredicateExpressions.NilCoalesce: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        let left = try translate(lhs, in: scope)
        let right = try translate(rhs, in: scope)
        return SQLFragment(
            sql: "IFNULL((\(left.sql)), (\(right.sql)))", arguments: left.arguments + right.arguments,
            valueType: left.valueType ?? right.valueType)
    }
}

extension PredicateExpressions.ForcedUnwrap: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        try translate(inner, in: scope)
    }
}

extension PredicateExpressions.Conditional: SQLTranslatable {
    func sql(in scope: TranslationScope) throws -> SQLFragment {
        let test = try translate(self.test, in: scope)
        let yes = try translate(trueBranch, in: scope)
        let no = try translate(falseBranch, in: scope)
        return SQLFragment(
            sql: "CASE WHEN (\(test.sql)) THEN (\(yes.sql)) ELSE (\(no.sql)) END",
            arguments: test.arguments + yes.arguments + no.arguments, valueType: yes.valueType ?? no.valueType)
    }
}
