import Foundation

/// Where and how a container keeps its store: a file (by URL or by name), or memory.
public struct ModelConfiguration: Hashable, Sendable, Identifiable {
    /// The configuration's name; for in-memory stores, containers open at the same time share a named store.
    public let name: String
    /// The schema this configuration holds, when given (the container's schema otherwise).
    public let schema: Schema?
    /// The store file (for in-memory stores, a placeholder URL `memory:NAME`).
    public let url: URL
    /// True for a store that lives in memory only.
    public let isStoredInMemoryOnly: Bool
    /// False to refuse every save.
    public let allowsSave: Bool
    /// Accepted for source compatibility; Strata has no app groups: a named one gets a one-time notice on
    /// standard error saying where the store is.
    public let groupContainer: GroupContainer
    /// Accepted for source compatibility; Strata has no CloudKit: a named database gets a one-time notice on
    /// standard error saying nothing syncs and where the store is.
    public let cloudKitDatabase: CloudKitDatabase
    /// True when the name was given (only named in-memory stores are shared).
    let isNamed: Bool
    /// The store file's name when the configuration's name makes it (`NAME.store`); nil for a URL or memory.
    let fileNameFromName: String?

    /// The configuration's identity: its name.
    public var id: String { name }

    /// A store by name: `$XDG_DATA_HOME/strata/NAME.store` (or `~/.local/share/strata`), or memory.
    public init(
        _ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
        groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        let resolvedName = name ?? "default"
        self.name = resolvedName
        self.isNamed = name != nil
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.url =
            isStoredInMemoryOnly
            ? URL(
                string:
                    "memory:\(resolvedName.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "default")")!
            : Self.defaultDirectory().appendingPathComponent("\(resolvedName).store")
        self.fileNameFromName = isStoredInMemoryOnly ? nil : "\(resolvedName).store"
        self.allowsSave = allowsSave
        self.groupContainer = groupContainer
        self.cloudKitDatabase = cloudKitDatabase
    }

    /// A store in the file at `url`.
    public init(
        _ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true,
        cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        self.name = name ?? url.deletingPathExtension().lastPathComponent
        self.isNamed = name != nil
        self.schema = schema
        self.url = url
        self.isStoredInMemoryOnly = false
        self.fileNameFromName = nil
        self.allowsSave = allowsSave
        self.groupContainer = .automatic
        self.cloudKitDatabase = cloudKitDatabase
    }

    /// `$XDG_DATA_HOME/strata`, or `~/.local/share/strata` when XDG_DATA_HOME is unset or empty.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("strata")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/strata")
    }

    /// Equal when name, location and mode are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly
            && lhs.allowsSave == rhs.allowsSave
    }

    /// Hashes name and location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
    }

    /// An app group's shared container; accepted, and a named one noticed once (see `groupContainer`).
    public struct GroupContainer: Hashable, Sendable {
        let identifier: String?
        /// The default.
        public static let automatic = GroupContainer(identifier: nil)
        /// No group container.
        public static let none = GroupContainer(identifier: nil)
        /// A named app group.
        public static func identifier(_ groupName: String) -> GroupContainer { GroupContainer(identifier: groupName) }
    }

    /// A CloudKit database; accepted, and a named one noticed once (see `cloudKitDatabase`).
    public struct CloudKitDatabase: Hashable, Sendable {
        let identifier: String?
        /// The default.
        public static let automatic = CloudKitDatabase(identifier: nil)
        /// No CloudKit.
        public static let none = CloudKitDatabase(identifier: nil)
        /// A named private database.
        public static func `private`(_ identifier: String) -> CloudKitDatabase {
            CloudKitDatabase(identifier: identifier)
        }
    }
}

extension ModelConfiguration {
    /// Why no file can hold the store this configuration's name makes: SwiftData's case, carrying the fix.
    var fileNameProblem: SwiftDataError? {
        guard let fileName = fileNameFromName else { return nil }
        if fileName.contains("/") || fileName.contains("\0") {
            return SwiftDataError.configurationFileNameContainsInvalidCharacters.carrying(
                StrataError.unsupportedConfiguration(
                    "the configuration name \(name.debugDescription) makes the store file \(fileName.debugDescription), and a file name cannot hold \"/\" or NUL; choose another name or pass a url"
                ))
        }
        if fileName.utf8.count > 255 {
            return SwiftDataError.configurationFileNameTooLong.carrying(
                StrataError.unsupportedConfiguration(
                    "the configuration name makes the store file \(fileName.prefix(40).debugDescription)…, \(fileName.utf8.count) bytes long, and a file name has at most 255; choose a shorter name or pass a url"
                ))
        }
        return nil
    }
}
