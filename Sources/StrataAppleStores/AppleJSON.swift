import Foundation
import GRDB

/// A value as JSON, the form a SwiftData composite attribute (a Codable struct) takes in `strata rows --json` and in
/// a Strata store: objects of fields, arrays, strings, numbers, booleans and null.
///
/// Its text is what Strata writes for a Codable attribute (`JSONEncoder` with sorted keys, slashes unescaped), so an
/// imported value decodes as the app's struct and compares equal with one Strata wrote itself.
public indirect enum AppleJSON: Hashable, Sendable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case string(String)
    case array([AppleJSON])
    case object([String: AppleJSON])

    /// The JSON that `data` holds when it is a JSON array or object (SwiftData stores a collection field of a
    /// composite as JSON bytes in a binary column); nil for anything else.
    init?(collectionIn data: Data) {
        guard let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == 0x5B || first == 0x7B,
            let decoded = try? JSONDecoder().decode(AppleJSON.self, from: data)
        else { return nil }
        self = decoded
    }

    /// The JSON form of one stored field value of a composite, as Codable encodes the field's Swift type: a UUID as
    /// its text, a date as seconds since 2001 (`JSONEncoder`'s default), a JSON collection as itself, other bytes as
    /// base64, a boolean as true or false; nil for NULL.
    init?(field raw: DatabaseValue, kind: AppleAttributeKind) {
        switch (raw.storage, kind) {
        case (.null, _): return nil
        case (.int64(let number), .boolean): self = .bool(number != 0)
        case (.int64(let number), _): self = .integer(number)
        case (.double(let number), _): self = number.isFinite ? .real(number) : .string(String(number))
        case (.string(let text), _): self = .string(text)
        case (.blob(let data), .uuid) where data.count == 16:
            self = .string(data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }.uuidString)
        case (.blob(let data), _): self = AppleJSON(collectionIn: data) ?? .string(data.base64EncodedString())
        }
    }

    /// The JSON of a SwiftData enum's raw value (text, a number or a boolean), as Codable encodes the enum; nil for
    /// NULL, a composite's JSON (already JSON) and values no enum has.
    init?(scalar value: AppleValue) {
        switch value {
        case .text(let text): self = .string(text)
        case .integer(let number): self = .integer(number)
        case .real(let number) where number.isFinite: self = .real(number)
        case .bool(let flag): self = .bool(flag)
        default: return nil
        }
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let number = try? container.decode(Double.self) {
            self = .real(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([AppleJSON].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: AppleJSON].self))
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let number): try container.encode(number)
        case .real(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// The JSON text on one line, keys sorted (as Strata stores a Codable value).
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a tree of strings, numbers and containers fails only on a non-finite number, which `init(field:)`
        // never makes (it keeps infinities and NaN as text).
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
