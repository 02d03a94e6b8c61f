import Strata

/// What the developer decides for `strata next-version`: the new version's identifier and, for the changes Strata
/// cannot decide alone, how a value is filled (`--fill`), which duplicate is kept (`--keep`), which attribute was
/// renamed (`--rename`) and which was dropped (`--drop`).
package struct NextVersionRequest: Sendable {
    /// Which row of a group of duplicates `--keep` keeps, in the order `orderBy` sorts them (fetch order when nil).
    package struct Keep: Sendable, Equatable {
        /// True for `last`, false for `first`.
        package let last: Bool
        /// The attribute the rows are sorted by before keeping one, or nil.
        package let orderBy: String?
    }

    /// The new version's identifier (`--as`); the shipped one's next major version when nil.
    package var version: Schema.Version?
    /// Swift expressions over the old row (`old`) filling an attribute, by "Entity.attribute".
    package var fills: [String: String] = [:]
    /// How duplicates are resolved for a uniqueness added to an entity, by entity name.
    package var keeps: [String: Keep] = [:]
    /// Attributes renamed, by "Entity.newName": the old name.
    package var renames: [String: String] = [:]
    /// Attributes removed on purpose, as "Entity.attribute".
    package var drops: Set<String> = []

    /// An empty request: every decision left to the sources.
    package init() {}

    /// Parses the command line's values; throws a message naming the value that is not in its flag's form.
    package init(
        version: String?, fills: [String], keeps: [String], renames: [String], drops: [String]
    ) throws {
        if let version {
            guard let parsed = Schema.Version(version) else {
                throw NextVersionRefusal("--as takes a version such as 2.0.0, not '\(version)'")
            }
            self.version = parsed
        }
        for fill in fills {
            let (key, expression) = try Self.split(fill, flag: "--fill", form: "Entity.attribute=EXPRESSION")
            self.fills[key] = expression
        }
        for keep in keeps {
            let (entity, rule) = try Self.split(keep, flag: "--keep", form: "Entity=first|last[:ORDER_BY]")
            let parts = rule.split(separator: ":", maxSplits: 1).map(String.init)
            guard let which = parts.first, which == "first" || which == "last", !entity.contains(".") else {
                throw NextVersionRefusal("--keep takes Entity=first|last[:ORDER_BY], not '\(keep)'")
            }
            self.keeps[entity] = Keep(last: which == "last", orderBy: parts.count > 1 ? parts[1] : nil)
        }
        for rename in renames {
            let (key, newName) = try Self.split(rename, flag: "--rename", form: "Entity.oldName=newName")
            let entity = key.split(separator: ".").first.map(String.init) ?? key
            self.renames["\(entity).\(newName)"] = String(key.dropFirst(entity.count + 1))
        }
        for drop in drops {
            guard drop.split(separator: ".").count == 2 else {
                throw NextVersionRefusal("--drop takes Entity.attribute, not '\(drop)'")
            }
            self.drops.insert(drop)
        }
    }

    /// "Entity.attribute" and the text after "=", or a refusal naming the flag's form.
    private static func split(_ value: String, flag: String, form: String) throws -> (String, String) {
        guard let equals = value.firstIndex(of: "=") else {
            throw NextVersionRefusal("\(flag) takes \(form), not '\(value)'")
        }
        let key = String(value[..<equals])
        let rest = String(value[value.index(after: equals)...])
        guard !key.isEmpty, !rest.isEmpty, flag == "--keep" || key.split(separator: ".").count == 2 else {
            throw NextVersionRefusal("\(flag) takes \(form), not '\(value)'")
        }
        return (key, rest)
    }
}

/// Why `strata next-version` writes nothing: a decision it needs (naming the flag that supplies it) or sources it
/// cannot edit safely.
package struct NextVersionRefusal: Error, CustomStringConvertible, Equatable {
    /// The message shown after "error:".
    package let description: String

    /// A refusal saying `message`.
    package init(_ message: String) { description = message }
}
