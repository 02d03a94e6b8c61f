/// A file the compiled level adds to an app's target so stages written for Apple's platforms compile unchanged on
/// Linux: `print` routed to the migration's log, `os.Logger` and `os_log`, the Foundation folders Linux's Foundation lacks
/// (pointing into a temporary folder during a dry run), Combine's `ObservableObject` with `@Published`, and iCloud's
/// key-value store.
/// Each is added only when the needed code calls for it, and the report names it. Its declarations are public, so the
/// app's `public` declarations may use them.
enum CompiledShim: String, CaseIterable, Sendable {
    /// `print` and `debugPrint`: a stage's lines go to the dry-run log, in order with its events.
    case output
    /// `os.Logger`, `OSLog` and `os_log` (`Logger(subsystem:category:)`, its levels, `privacy:` interpolations, the
    /// C-style `os_log("%{public}@", log:, type:, ...)` with `OSLogType`).
    case logging
    /// `URL.applicationSupportDirectory` and its kin, `FileManager.containerURL(...)`, and the user's folders of
    /// `FileManager.urls(for:in:)`: redirected into the dry run's temporary folder while a dry run's stage runs.
    case folders
    /// Combine's `ObservableObject` (its publisher sends nothing) and `@Published` as plain storage.
    case combine
    /// iCloud's `NSUbiquitousKeyValueStore`, which Linux's Foundation lacks, kept in memory for the run.
    case keyValueStore

    /// The types the shims declare that apps extend (`extension OSLog { static let migration = … }`).
    static let typesDeclared: Set<String> = ["OSLog", "Logger", "OSLogType"]

    /// The file's name in the target.
    var fileName: String { "StrataShim_\(rawValue).swift" }

    /// What the report says it provides.
    var summary: String {
        switch self {
        case .output: "print and debugPrint, shown in the migration's log"
        case .logging: "os.Logger, OSLog and os_log, whose messages are shown in the migration's log"
        case .folders:
            "URL.applicationSupportDirectory, documentsDirectory, cachesDirectory, FileManager.containerURL and urls(for:in:), inside a temporary folder during a dry run"
        case .combine: "Combine's ObservableObject (objectWillChange sends nothing) and @Published as plain storage"
        case .keyValueStore:
            "NSUbiquitousKeyValueStore (iCloud's key-value store), kept in memory for the run: nothing stored there is kept"
        }
    }

    /// True when code using the identifiers `names` and importing `modules` needs this shim.
    func isNeeded(names: Set<String>, modules: Set<String>) -> Bool {
        switch self {
        case .output: !names.isDisjoint(with: ["print", "debugPrint"])
        case .logging, .combine: modules.contains { AppleModules.shim(for: $0) == self }
        case .folders: !names.isDisjoint(with: Self.folderNames)
        case .keyValueStore: names.contains("NSUbiquitousKeyValueStore")
        }
    }

    /// The names of the folders the shim provides or redirects (`URL`'s members, `FileManager`'s directories).
    private static let folderNames: Set<String> = [
        "applicationSupportDirectory", "documentsDirectory", "documentDirectory", "cachesDirectory", "libraryDirectory",
        "downloadsDirectory", "containerURL",
    ]

    /// The file's text.
    var text: String {
        switch self {
        case .output: ShimText.output
        case .logging: ShimText.logging
        case .folders: ShimText.folders
        case .combine: ShimText.combine
        case .keyValueStore: ShimText.keyValueStore
        }
    }
}
