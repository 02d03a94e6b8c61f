import Foundation

/// Hands the storage of an object read from the store to its `@Model` class's initialiser on this thread, so
/// the class's `_$backingData` starts as that storage instead of a throwaway one that would also record every
/// declared default, for every row read.
enum BackingDataHandoff {
    /// The storage being handed over, to the initialiser of one model class.
    private struct Pending {
        let type: ObjectIdentifier
        let backing: Unmanaged<BackingData>
        /// True once the class's `_$backingData` took it: it is handed over once.
        var taken = false
    }

    /// The thread's pending handoff, a pointer to a `Pending` on the stack of `make`.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Calls `type.init(backingData: backing)` with `backing` handed over.
    static func make(_ type: any PersistentModel.Type, with backing: BackingData) -> any PersistentModel {
        var pending = Pending(type: ObjectIdentifier(type), backing: .passUnretained(backing))
        return withUnsafeMutablePointer(to: &pending) { pointer in
            pthread_setspecific(key, pointer)
            defer { pthread_setspecific(key, nil) }
            return type.init(backingData: backing)
        }
    }

    /// The storage being handed to `type`'s initialiser on this thread, if any; taken, so it is handed over once.
    static func take(for type: AnyObject.Type) -> BackingData? {
        guard let raw = pthread_getspecific(key) else { return nil }
        let pending = raw.assumingMemoryBound(to: Pending.self)
        guard !pending.pointee.taken, pending.pointee.type == ObjectIdentifier(type) else { return nil }
        pending.pointee.taken = true
        return pending.pointee.backing.takeUnretainedValue()
    }

    /// True while `storage` is being handed to an initialiser on this thread: the object being made is its first.
    static func isHandingOver(_ storage: BackingData) -> Bool {
        guard let raw = pthread_getspecific(key) else { return false }
        return raw.assumingMemoryBound(to: Pending.self).pointee.backing.toOpaque()
            == Unmanaged.passUnretained(storage).toOpaque()
    }
}
