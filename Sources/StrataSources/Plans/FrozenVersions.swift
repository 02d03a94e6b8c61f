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

    /// Why a file is not read as a record before its bytes are decoded.
    package enum ReadError: Error, LocalizedError {
        /// Not a regular file (a folder, a FIFO that would block, a device).
        case notAFile(String)
        /// Larger than ``FrozenVersions/sizeLimit``.
        case tooLarge(String, bytes: Int)

        package var errorDescription: String? {
            switch self {
            case .notAFile(let path): "\(path) is not a regular file"
            case .tooLarge(let path, let bytes):
                "\(path) holds \(bytes) bytes, more than the \(FrozenVersions.sizeLimit >> 20) MiB a freeze record may hold"
            }
        }
    }

    /// The record in the file at `url`; throws when it is not a regular file, is larger than ``sizeLimit``, cannot
    /// be read or is not a freeze file.
    package init(contentsOf url: URL) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw ReadError.notAFile(url.path) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.sizeLimit else { throw ReadError.tooLarge(url.path, bytes: size) }
        self = try JSONDecoder().decode(FrozenVersions.self, from: Data(contentsOf: url))
        guard format.hasPrefix("strata.freeze/") else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
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
