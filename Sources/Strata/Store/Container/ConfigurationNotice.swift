import Foundation

/// The one-time notice that a configuration asks for CloudKit or an app group, which Strata does not have.
///
/// Only an explicitly named CloudKit database (`.private("iCloud.…")`) or app group (`.identifier("group.…")`)
/// gets the notice: the defaults (`.automatic`) sync nothing in SwiftData either unless the app has the CloudKit
/// entitlement, and nearly every app passes them without meaning to sync, so a notice there would be noise.
enum ConfigurationNotice {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var told: Set<String> = []

    /// The notice for a configuration, or nil when it asks for neither.
    static func message(for configuration: ModelConfiguration, store: String) -> String? {
        var asked: [String] = []
        if let database = configuration.cloudKitDatabase.identifier {
            asked.append("the CloudKit database '\(database)'")
        }
        if let group = configuration.groupContainer.identifier { asked.append("the app group '\(group)'") }
        guard !asked.isEmpty else { return nil }
        return
            "strata: notice: the configuration names \(asked.joined(separator: " and ")); Strata syncs nothing and shares nothing: the store is \(store)"
    }

    /// Writes the notice to standard error once per store per process; returns whether it was written now.
    @discardableResult
    static func tell(_ configuration: ModelConfiguration, store: String) -> Bool {
        guard let message = message(for: configuration, store: store) else { return false }
        lock.lock()
        let isNew = told.insert(store).inserted
        lock.unlock()
        if isNew { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        return isNew
    }
}
