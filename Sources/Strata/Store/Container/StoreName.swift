/// A store's identifier as one shared object: every model object read from or saved to the store refers to it (one
/// word) instead of holding its own copy of the string (two), which keeps `BackingData` within 128 bytes.
final class StoreName: Sendable {
    /// The store's identifier: its file path, or `memory:NAME`.
    let identifier: String

    /// The name of the store `identifier` identifies.
    init(_ identifier: String) {
        self.identifier = identifier
    }
}
