import Foundation

/// Autosave, the rule: a context with `autosaveEnabled` saves its pending changes by itself
/// - after the current turn of the main run loop (`DispatchQueue.main`, which runs the main actor), when the
///   change (an insert, a delete, the first change of a saved object since the last save) was made on it; the
///   changes made until then are saved together, once;
/// - at the normal end of the process (`exit`, or returning from `main`). (A context with a pending autosave is
///   kept alive until the autosave, a save or a rollback settles it.)
/// A change made off the main queue is autosaved only at the end of the process: other threads have no run
/// loop Strata could wait for. An autosave that fails keeps the changes pending, prints the error on
/// standard error and posts `ModelContext.autosaveFailed`. Unlike `save()`, it never throws.
extension ModelContext {
    /// Posted when an autosave fails; the user info holds the error under `ModelContext.NotificationKey.error`.
    public static let autosaveFailed = Notification.Name("StrataModelContextAutosaveFailed")

    /// Notes a change: schedules the autosave it calls for, once until it runs.
    func scheduleAutosave() {
        guard autosaveEnabled, !autosavePending else { return }
        autosavePending = true
        AutosaveAtExit.shared.add(self)
        guard MainQueue.isCurrent else { return }
        // Scheduled from the main thread onto it: the context stays on the thread it is used on.
        let reference = WeakContext(context: self)
        DispatchQueue.main.async { reference.context?.autosave(notify: true) }
    }

    /// Ends the wait for an autosave (a save or a rollback leaves nothing to autosave): the context is no longer
    /// kept alive for it.
    func settleAutosave() {
        guard autosavePending else { return }
        autosavePending = false
        AutosaveAtExit.shared.remove(self)
    }

    /// Saves the pending changes when autosave is on; reports a failure instead of throwing it. At the end of the
    /// process (`notify` false) no notification is posted: observers may be gone.
    func autosave(notify: Bool) {
        guard autosavePending else { return }
        settleAutosave()
        guard autosaveEnabled, hasChanges else { return }
        do {
            try save(notify: notify)
        } catch {
            FileHandle.standardError.write(Data("Strata: autosave of \(store.identifier) failed: \(error)\n".utf8))
            if notify {
                NotificationCenter.default.post(
                    name: Self.autosaveFailed, object: self, userInfo: [NotificationKey.error.rawValue: error])
            }
        }
    }
}

// Safe: `contexts` is read and written only under `lock`.
/// The contexts with a pending autosave, kept alive until it is settled and saved when the process ends normally
/// (their objects do not keep them alive: see `BackingData.context`).
final class AutosaveAtExit: @unchecked Sendable {
    /// The one list, its exit handler installed on first use.
    static let shared: AutosaveAtExit = {
        let list = AutosaveAtExit()
        atexit { AutosaveAtExit.shared.saveAll() }
        return list
    }()

    private let lock = NSLock()
    private var contexts: [ObjectIdentifier: ModelContext] = [:]

    /// Keeps a context with a pending autosave until `remove`.
    func add(_ context: ModelContext) {
        lock.withLock { contexts[ObjectIdentifier(context)] = context }
    }

    /// Lets go of a context whose autosave is settled.
    func remove(_ context: ModelContext) {
        _ = lock.withLock { contexts.removeValue(forKey: ObjectIdentifier(context)) }
    }

    private func saveAll() {
        let pending = lock.withLock { Array(contexts.values) }
        for context in pending { context.autosave(notify: false) }
    }
}

// Safe: only the weak reference crosses threads; the context it names is used on the thread it is handed to.
/// A context referenced without being kept alive, handed to the thread that uses it.
struct WeakContext: @unchecked Sendable {
    weak var context: ModelContext?
}

/// Tells whether code runs on `DispatchQueue.main` (the main actor's queue), on whatever thread drains it.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// True on the main queue.
    static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}
