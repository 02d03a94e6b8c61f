import Foundation

/// The notifications a context posts on `NotificationCenter.default` around each save, with the context as
/// the object, as SwiftData's do.
extension ModelContext {
    /// Posted before a save writes anything.
    public static let willSave = Notification.Name("StrataModelContextWillSave")
    /// Posted after a save committed; the user info lists the identifiers saved, by `NotificationKey`.
    public static let didSave = Notification.Name("StrataModelContextDidSave")

    /// The keys of the user info of `didSave` (and of `autosaveFailed`).
    public enum NotificationKey: String {
        /// `[PersistentIdentifier]` of the objects inserted (their permanent identifiers).
        case insertedIdentifiers
        /// `[PersistentIdentifier]` of the saved objects changed.
        case updatedIdentifiers
        /// `[PersistentIdentifier]` of the objects deleted.
        case deletedIdentifiers
        /// Accepted for source compatibility; Strata has no query generations.
        case queryGeneration
        /// Accepted for source compatibility; never posted.
        case invalidatedAll
        /// The error of a failed autosave (`autosaveFailed`; Strata only).
        case error
    }

    /// Posts `didSave` for the objects just saved.
    func postDidSave(inserted: [any PersistentModel], updated: [any PersistentModel], deleted: [PersistentIdentifier]) {
        let userInfo: [String: [PersistentIdentifier]] = [
            NotificationKey.insertedIdentifiers.rawValue: inserted.map(\.persistentModelID),
            NotificationKey.updatedIdentifiers.rawValue: updated.map(\.persistentModelID),
            NotificationKey.deletedIdentifiers.rawValue: deleted,
        ]
        NotificationCenter.default.post(name: Self.didSave, object: self, userInfo: userInfo)
    }
}
