import Foundation

extension PantrySchemaV2.Item {
    /// A short code printed on labels.
    static func makeCode() -> String {
        String(UUID().uuidString.prefix(6))
    }
}

extension PantrySchemaV3.Item {
    /// A short code printed on labels.
    static func makeCode() -> String {
        String(UUID().uuidString.prefix(6))
    }
}
