import Foundation
import Strata

/// The versions of a plan as they shipped, in the stable JSON file `strata freeze` writes and the app commits
/// (`strata.freeze/1`): each version's identifier, schema type, fingerprint and entities. `strata check --frozen`
/// compares the sources with it, so an edit to a shipped version is caught before it reaches a device.
package struct FrozenVersions: Codable, Sendable {
    /// One recorded version.
    package struct Entry: Codable, Sendable {
        /// The version identifier ("1.0.0").
        package let version: String
        /// The `VersionedSchema` type that declared it.
        package let schemaType: String
        /// The schema's fingerprint when it was recorded.
        package let fingerprint: String
        /// The schema's entities, in canonical order.
        package let entities: [Schema.Entity]

        /// The recorded schema.
        package var schema: Schema { Schema(entities: entities, version: Schema.Version(version)) }
    }

    /// "strata.freeze/1".
    package private(set) var format = "strata.freeze/1"
    /// The plan's type name.
    package let plan: String
    /// The recorded versions, in the plan's order (versions the plan no longer lists stay recorded).
    package private(set) var versions: [Entry]

    /// An empty record for the plan named `plan`.
    package init(plan: String) {
        self.plan = plan
        versions = []
    }

    /// The largest record read, in bytes: a record holds a few kilobytes per version.
    package static let sizeLimit = 64 << 20

    /// The longest name a record may hold (its plan, a version, schema type, entity, attribute or relationship, or
    /// what one names), in bytes: Swift identifiers are short, and a record's schemas are fingerprinted when read.
    package static let nameLimit = 1_024

    /// Why a file is not read as a record: before its bytes are decoded, or after, for a name beyond the limit.
    package enum ReadError: Error, LocalizedError {
        /// Not a regular file (a folder, a FIFO that would block, a device).
        case notAFile(String)
        /// Larger than ``FrozenVersions/sizeLimit``.
        case tooLarge(String, bytes: Int)
        /// Holds a name longer than ``FrozenVersions/nameLimit``.
        case nameTooLong(String, bytes: Int)

        package var errorDescription: String? {
            switch self {
            case .notAFile(let path): "\(path) is not a regular file"
            case .tooLarge(let path, let bytes):
                "\(path) holds \(bytes) bytes, more than the \(FrozenVersions.sizeLimit >> 20) MiB a freeze record may hold"
            case .nameTooLong(let path, let bytes):
                "\(path) holds a name of \(bytes) bytes, more than the \(FrozenVersions.nameLimit) a name in a freeze record may have"
            }
        }
    }

    /// The record in the file at `url`; throws when it is not a regular file, is larger than ``sizeLimit``, cannot
    /// be read, is not a freeze file or holds a name longer than ``nameLimit``.
    package init(contentsOf url: URL) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw ReadError.notAFile(url.path) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.sizeLimit else { throw ReadError.tooLarge(url.path, bytes: size) }
        self = try JSONDecoder().decode(FrozenVersions.self, from: Data(contentsOf: url))
        guard format.hasPrefix("strata.freeze/") else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        if let long = names.first(where: { $0.utf8.count > Self.nameLimit }) {
            throw ReadError.nameTooLong(url.path, bytes: long.utf8.count)
        }
    }

    /// Every name the record holds: its plan's, and each version's, schema type's, entity's, attribute's and
    /// relationship's, with the names they refer to.
    private var names: [String] {
        var names = [plan]
        for entry in versions {
            names += [entry.version, entry.schemaType]
            for entity in entry.entities {
                names += [entity.name, entity.originalName ?? ""]
                names += entity.attributes.flatMap { [$0.name, $0.originalName ?? ""] }
                for relationship in entity.relationships {
                    names += [relationship.name, relationship.originalName ?? "", relationship.destination]
                    names.append(relationship.inverse ?? "")
                }
                names += (entity.uniquenessConstraints + entity.indexes).joined()
            }
        }
        return names
    }

    /// The recorded versions as shipped versions, naming `file` in messages.
    package func shipped(recordedIn file: String) -> [ShippedVersion] {
        versions.map { ShippedVersion(schema: $0.schema, recordedIn: file) }
    }

    /// Records `version` unless its identifier is recorded already; returns false when it was.
    package mutating func record(_ version: SourceVersion) -> Bool {
        let identifier = version.schema.version.label
        guard !versions.contains(where: { $0.version == identifier }) else { return false }
        versions.append(
            Entry(
                version: identifier, schemaType: version.name, fingerprint: version.schema.fingerprint,
                entities: version.schema.canonicalEntities))
        return true
    }

    /// The file's bytes: pretty-printed, keys sorted, one trailing newline, so it diffs well under version control.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
