import Foundation

/// Which values a unique index treats as one, independently of Strata: equal by `==` for numbers (0.0 and -0.0
/// are one key), dates, blobs, UUIDs, URLs, enums and Codable values; byte for byte for strings (SQLite compares
/// text by bytes, so "é" and "e\u{301}" are two keys); never for nil (SQLite's unique indexes admit many NULLs).
protocol UniqueIdentity {
    /// The value a unique index compares; nil when the value never conflicts.
    var uniqueIdentity: AnyHashable? { get }
}

extension UniqueIdentity where Self: Hashable {
    var uniqueIdentity: AnyHashable? { AnyHashable(self) }
}

extension String: UniqueIdentity {
    var uniqueIdentity: AnyHashable? { AnyHashable(Array(utf8)) }
}

extension Optional: UniqueIdentity where Wrapped: UniqueIdentity {
    var uniqueIdentity: AnyHashable? { self?.uniqueIdentity }
}

extension Bool: UniqueIdentity {}
extension Int: UniqueIdentity {}
extension Int8: UniqueIdentity {}
extension Int16: UniqueIdentity {}
extension Int32: UniqueIdentity {}
extension Int64: UniqueIdentity {}
extension UInt: UniqueIdentity {}
extension UInt8: UniqueIdentity {}
extension UInt16: UniqueIdentity {}
extension UInt32: UniqueIdentity {}
extension UInt64: UniqueIdentity {}
extension Double: UniqueIdentity {}
extension Float: UniqueIdentity {}
extension Decimal: UniqueIdentity {}
extension Date: UniqueIdentity {}
extension Data: UniqueIdentity {}
extension UUID: UniqueIdentity {}
extension URL: UniqueIdentity {}
extension Vault.Kind: UniqueIdentity {}
extension Vault.Point: UniqueIdentity {}
