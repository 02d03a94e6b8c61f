import Foundation
import Strata

/// What an Apple store's Z_METADATA property list says about the model it was written with, and whether the
/// checksum and digest recomputed from the entity version hashes match the stored ones.
public struct AppleStoreMetadata: Hashable, Sendable {
    /// The store's UUID (`Z_UUID`, also `NSStoreUUID` in the property list).
    public let storeUUID: String
    /// The model version identifiers (`NSStoreModelVersionIdentifiers`): the schema version for SwiftData, often
    /// `[""]` for Core Data.
    public let versionIdentifiers: [String]
    /// The Core Data version that wrote the store (`NSPersistenceFrameworkVersion`).
    public let frameworkVersion: Int?
    /// The newest Core Data version that has written the store (`NSPersistenceMaximumFrameworkVersion`).
    public let maximumFrameworkVersion: Int?
    /// The store type (`NSStoreType`), "SQLite".
    public let storeType: String?
    /// Each entity's 32-byte version hash (`NSStoreModelVersionHashes`).
    public let entityHashes: [String: Data]
    /// The stored model checksum (`NSStoreModelVersionChecksumKey`); older stores have none.
    public let storedChecksum: String?
    /// The stored digest of the hashes (`NSStoreModelVersionHashesDigest`); older stores have none.
    public let storedDigest: String?

    /// base64 of SHA-256 over the entity hashes concatenated in entity-name order.
    public var computedChecksum: String {
        var hash = SHA256()
        for name in entityHashes.keys.sorted() { hash.update(data: entityHashes[name] ?? Data()) }
        return Data(hash.finalize()).base64EncodedString()
    }

    /// base64 of SHA-512 over, per entity in name order, the UTF-8 name then the hash.
    public var computedDigest: String {
        var hash = SHA512()
        for name in entityHashes.keys.sorted() {
            hash.update(data: Data(name.utf8))
            hash.update(data: entityHashes[name] ?? Data())
        }
        return Data(hash.finalize()).base64EncodedString()
    }

    /// True or false when the store records a checksum; nil when it records none (stores before about 2019).
    public var checksumMatches: Bool? { storedChecksum.map { $0 == computedChecksum } }

    /// True or false when the store records a digest; nil when it records none.
    public var digestMatches: Bool? { storedDigest.map { $0 == computedDigest } }

    /// Reads the property list of Z_METADATA; `path` names the store in errors.
    init(plist data: Data, uuid: String, path: String) throws {
        let plist: Any
        do {
            plist = try UntrustedPropertyList.read(data)
        } catch {
            throw AppleStoreError.damagedMetadata(
                path: path, reason: "Z_PLIST is not a property list (\(error.localizedDescription))")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw AppleStoreError.damagedMetadata(path: path, reason: "Z_PLIST is not a dictionary")
        }
        guard let hashes = dictionary["NSStoreModelVersionHashes"] as? [String: Any] else {
            throw AppleStoreError.damagedMetadata(path: path, reason: "Z_PLIST has no NSStoreModelVersionHashes")
        }
        var entityHashes: [String: Data] = [:]
        for (name, value) in hashes {
            guard let hash = value as? Data else {
                throw AppleStoreError.damagedMetadata(path: path, reason: "the version hash of \(name) is not data")
            }
            entityHashes[name] = hash
        }
        storeUUID = dictionary["NSStoreUUID"] as? String ?? uuid
        versionIdentifiers =
            (dictionary["NSStoreModelVersionIdentifiers"] as? [Any])?.compactMap { $0 as? String } ?? []
        frameworkVersion = dictionary["NSPersistenceFrameworkVersion"] as? Int
        maximumFrameworkVersion = dictionary["NSPersistenceMaximumFrameworkVersion"] as? Int
        storeType = dictionary["NSStoreType"] as? String
        self.entityHashes = entityHashes
        storedChecksum = dictionary["NSStoreModelVersionChecksumKey"] as? String
        storedDigest = dictionary["NSStoreModelVersionHashesDigest"] as? String
    }
}
