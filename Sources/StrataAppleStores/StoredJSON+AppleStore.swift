import Foundation
internal import GRDB
import Strata

extension StoredJSON {
    /// The JSON that `data` holds when it is a JSON array or object (SwiftData stores a collection field of a
    /// composite as JSON bytes in a binary column); nil for anything else.
    init?(collectionIn data: Data) {
        guard let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == 0x5B || first == 0x7B,
            let decoded = try? JSONDecoder().decode(StoredJSON.self, from: data)
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
        case (.blob(let data), _): self = StoredJSON(collectionIn: data) ?? .string(data.base64EncodedString())
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
}
