import Foundation
import Strata

/// Records the notifications of one name and object posted on `NotificationCenter.default` while it lives.
final class NotificationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [Notification] = []
    private var token: NSObjectProtocol?

    init(_ name: Notification.Name, object: AnyObject) {
        token = NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) {
            [weak self] notification in
            guard let self else { return }
            self.lock.withLock { self.received.append(notification) }
        }
    }

    deinit { token.map(NotificationCenter.default.removeObserver) }

    /// The notifications received so far.
    var notifications: [Notification] { lock.withLock { received } }

    /// The identifiers under a key of the user info of each notification received.
    func identifiers(_ key: ModelContext.NotificationKey) -> [[PersistentIdentifier]] {
        notifications.map { $0.userInfo?[key.rawValue] as? [PersistentIdentifier] ?? [] }
    }

    /// The errors of the `autosaveFailed` notifications received.
    var errors: [Error] {
        notifications.compactMap { $0.userInfo?[ModelContext.NotificationKey.error.rawValue] as? Error }
    }
}
