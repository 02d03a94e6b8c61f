/// The encoded shape of an app's Codable struct or enum stored as an attribute, as synthesized `Codable` writes it:
/// a struct's fields (names, types, optionality, in order), an enum's cases with their associated values, an array of
/// either. SwiftData identifies such a composite attribute by its shape, not by the Swift type's name: a field added
/// changes the schema, and the type renamed with the same fields does not.
///
/// Its spelling (`{name: String, role: (member | guest(sponsor: String))}`) is what a schema records; `init?(spelling:)`
/// reads it back.
public indirect enum CodableShape: Hashable, Sendable, CustomStringConvertible {
    /// A struct's fields, in declaration order.
    case structure([Field])
    /// An enum's cases, in declaration order.
    case enumeration([Case])
    /// An array of a shaped element.
    case array(CodableShape)

    /// A struct's field or an associated value: its key, its type, and whether it may be missing.
    public struct Field: Hashable, Sendable {
        /// The key (`_0` for an unlabelled associated value, as synthesized `Codable` names it).
        public let name: String
        /// The type.
        public let type: FieldType
        /// True for an Optional field (its key may be absent).
        public let isOptional: Bool

        /// A field.
        public init(name: String, type: FieldType, isOptional: Bool) {
            self.name = name
            self.type = type
            self.isOptional = isOptional
        }
    }

    /// An enum's case and its associated values.
    public struct Case: Hashable, Sendable {
        /// The case's name.
        public let name: String
        /// Its associated values.
        public let associated: [Field]

        /// A case.
        public init(name: String, associated: [Field]) {
            self.name = name
            self.associated = associated
        }
    }

    /// A field's type: a library type by name (`String`, `Date`, `Array<String>`), or a shaped type of the app.
    public indirect enum FieldType: Hashable, Sendable, CustomStringConvertible {
        /// A library type (or one whose shape is not known), by the name `String(describing:)` prints.
        case named(String)
        /// A struct, enum or array of the app.
        case shaped(CodableShape)

        /// The name, or the shape's spelling.
        public var description: String {
            switch self {
            case .named(let name): name
            case .shaped(let shape): shape.description
            }
        }
    }

    /// The spelling: `{a: String, b: Int?}`, `(plain | labelled(x: Double, _1: String))`, `[{…}]`.
    public var description: String {
        switch self {
        case .structure(let fields): "{" + fields.map(\.spelling).joined(separator: ", ") + "}"
        case .enumeration(let cases):
            "("
                + cases.map {
                    $0.associated.isEmpty
                        ? $0.name : "\($0.name)(\($0.associated.map(\.spelling).joined(separator: ", ")))"
                }
                .joined(separator: " | ") + ")"
        case .array(let element): "[\(element)]"
        }
    }

    /// Reads a spelling `description` wrote; nil for anything else.
    public init?(spelling: String) {
        var reader = Reader(Array(spelling))
        guard let shape = reader.shape(), reader.atEnd else { return nil }
        self = shape
    }

    /// The differences from `self` to `new`, each at its path from the attribute (`role`, `address.city`), enum cases
    /// by name; empty when the shapes are equal.
    public func differences(to new: CodableShape, at path: String = "") -> [Difference] {
        func joined(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
        switch (self, new) {
        case (.structure(let old), .structure(let fields)):
            return Self.fieldDifferences(old, fields, at: path)
        case (.enumeration(let old), .enumeration(let cases)):
            var found: [Difference] = []
            for item in cases {
                guard let before = old.first(where: { $0.name == item.name }) else {
                    found.append(.caseAdded(path: joined(item.name)))
                    continue
                }
                found += Self.fieldDifferences(before.associated, item.associated, at: joined(item.name))
            }
            found += old.filter { item in !cases.contains { $0.name == item.name } }.map {
                .caseRemoved(path: joined($0.name))
            }
            return found
        case (.array(let old), .array(let element)):
            return old.differences(to: element, at: path)
        default:
            return self == new ? [] : [.retyped(path: path, from: .shaped(self), to: .shaped(new))]
        }
    }

    private static func fieldDifferences(_ old: [Field], _ new: [Field], at path: String) -> [Difference] {
        func joined(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
        var found: [Difference] = []
        for field in new {
            guard let before = old.first(where: { $0.name == field.name }) else {
                found.append(.added(path: joined(field.name), field))
                continue
            }
            switch (before.type, field.type) {
            case (.shaped(let a), .shaped(let b)): found += a.differences(to: b, at: joined(field.name))
            case (let a, let b) where a != b: found.append(.retyped(path: joined(field.name), from: a, to: b))
            default: break
            }
            if before.isOptional != field.isOptional {
                found.append(.optionalityChanged(path: joined(field.name), isOptional: field.isOptional))
            }
        }
        found += old.filter { field in !new.contains { $0.name == field.name } }.map {
            .removed(path: joined($0.name), $0)
        }
        return found
    }

    /// One difference between two shapes, and what it does to the values already stored.
    public enum Difference: Hashable, Sendable, CustomStringConvertible {
        /// A field added.
        case added(path: String, Field)
        /// A field removed.
        case removed(path: String, Field)
        /// A field's type changed.
        case retyped(path: String, from: FieldType, to: FieldType)
        /// A field made optional or required.
        case optionalityChanged(path: String, isOptional: Bool)
        /// An enum case added.
        case caseAdded(path: String)
        /// An enum case removed.
        case caseRemoved(path: String)

        /// The field's or case's path from the attribute (`role`, `address.city`).
        public var path: String {
            switch self {
            case .added(let path, _), .removed(let path, _), .retyped(let path, _, _), .optionalityChanged(let path, _),
                .caseAdded(let path), .caseRemoved(let path):
                path
            }
        }

        /// True when a stored value may no longer decode: a required field added, a field retyped or made required,
        /// a case removed.
        public var breaksStoredValues: Bool {
            switch self {
            case .added(_, let field): !field.isOptional
            case .retyped, .caseRemoved: true
            case .optionalityChanged(_, let isOptional): !isOptional
            case .removed, .caseAdded: false
            }
        }

        /// True when decoding drops stored data (a field removed: its values are gone on the next save).
        public var losesData: Bool {
            if case .removed = self { return true }
            return false
        }

        /// "role added (required: stored values have none and no longer decode)".
        public var description: String {
            switch self {
            case .added(let path, let field):
                field.isOptional
                    ? "\(path) added (\(field.type), optional)"
                    : "\(path) added (\(field.type), required: stored values have none, so they no longer decode)"
            case .removed(let path, let field): "\(path) removed (\(field.type))"
            case .retyped(let path, let from, let to):
                "\(path) type changed from \(from) to \(to) (stored values no longer decode)"
            case .optionalityChanged(let path, let isOptional):
                isOptional
                    ? "\(path) made optional" : "\(path) made required (stored values without it no longer decode)"
            case .caseAdded(let path): "case \(path) added"
            case .caseRemoved(let path): "case \(path) removed (stored values of it no longer decode)"
            }
        }
    }

    /// Reads a spelling.
    private struct Reader {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) { self.characters = characters }

        var atEnd: Bool { position == characters.count }

        private var next: Character? { position < characters.count ? characters[position] : nil }

        private mutating func take(_ text: String) -> Bool {
            let wanted = Array(text)
            guard position + wanted.count <= characters.count,
                Array(characters[position..<position + wanted.count]) == wanted
            else { return false }
            position += wanted.count
            return true
        }

        mutating func shape() -> CodableShape? {
            if take("{") {
                var fields: [Field] = []
                if take("}") { return .structure(fields) }
                repeat {
                    guard let field = field() else { return nil }
                    fields.append(field)
                } while take(", ")
                return take("}") ? .structure(fields) : nil
            }
            if take("(") {
                var cases: [Case] = []
                if take(")") { return .enumeration(cases) }
                repeat {
                    let name = identifier()
                    guard !name.isEmpty else { return nil }
                    var associated: [Field] = []
                    if take("(") {
                        repeat {
                            guard let field = field() else { return nil }
                            associated.append(field)
                        } while take(", ")
                        guard take(")") else { return nil }
                    }
                    cases.append(Case(name: name, associated: associated))
                } while take(" | ")
                return take(")") ? .enumeration(cases) : nil
            }
            if take("[") {
                guard let element = shape(), take("]") else { return nil }
                return .array(element)
            }
            return nil
        }

        private mutating func identifier() -> String {
            var name = ""
            while let character = next, character.isLetter || character.isNumber || character == "_" {
                name.append(character)
                position += 1
            }
            return name
        }

        private mutating func field() -> Field? {
            let name = identifier()
            guard !name.isEmpty, take(": ") else { return nil }
            let type: FieldType
            if let first = next, "{([".contains(first) {
                guard let shape = shape() else { return nil }
                type = .shaped(shape)
            } else {
                // A library type's name: up to the field's end, generic arguments included.
                var typeName = ""
                var depth = 0
                while let character = next {
                    if character == "<" { depth += 1 }
                    if character == ">" { depth -= 1 }
                    if depth == 0 && ",})]|?".contains(character) { break }
                    typeName.append(character)
                    position += 1
                }
                guard !typeName.isEmpty else { return nil }
                type = .named(typeName)
            }
            return Field(name: name, type: type, isOptional: take("?"))
        }
    }
}

extension CodableShape.Field {
    /// `name: Type` or `name: Type?`.
    fileprivate var spelling: String { "\(name): \(type)\(isOptional ? "?" : "")" }
}

/// A Codable type of an app whose encoded shape Strata was told: the compiled level of `--sources` declares it for the
/// app's structs and enums stored as attributes, so the compiled models' schemas are identified by shape as the
/// sources read statically are. Not for hand-written conformances.
public protocol CodableShapeDescribing {
    /// The shape's spelling (``CodableShape/description``).
    static var codableShapeSpelling: String { get }
}
