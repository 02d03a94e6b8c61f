import Foundation
import Strata

/// The paragraphs of a row shown in full (Enter on a row): one per column, `name: value`, and for a value that is a
/// JSON object (a SwiftData composite attribute, a Strata Codable value) one per field instead, named by its path
/// (`author.person: John Shramm`, nested objects' fields in turn), so a struct's fields read one under the other.
enum RowDetail {
    /// The paragraphs of `row`, whose values are under `columns`.
    static func paragraphs(columns: [String], row: [String]) -> [String] {
        zip(columns, row).flatMap { column, value -> [String] in
            guard value.hasPrefix("{"),
                case .object(let fields)? = try? JSONDecoder().decode(
                    StoredJSON.self, from: Data(value.utf8))
            else { return ["\(column): \(value)"] }
            return lines(fields, path: column)
        }
    }

    /// `path.field: value` for each field, nested objects' fields by their longer paths; an empty object as `{}`.
    private static func lines(_ fields: [String: StoredJSON], path: String) -> [String] {
        guard !fields.isEmpty else { return ["\(path): {}"] }
        return fields.keys.sorted().flatMap { name -> [String] in
            switch fields[name] {
            case .object(let nested)?: lines(nested, path: "\(path).\(name)")
            case .string(let text)?: ["\(path).\(name): \(text)"]
            case let other?: ["\(path).\(name): \(other)"]
            case nil: []
            }
        }
    }
}
