import Foundation
import Strata

/// A store file the user named, opened once and passed along: a Strata store (read in place), a SwiftData or Core
/// Data store (read through the one private copy of its file, -wal and -shm made when it was opened), or such a
/// store imported privately into a temporary Strata store at the plan version its model equals. Every message about
/// it names ``url``, the user's file, never a temporary one; the original is never written.
///
/// ```swift
/// let opened = try OpenedStore.open(URL(fileURLWithPath: "default.store"))
/// let planned = try opened.imported(at: plan)   // a SwiftData store: its rows in a Strata store at its version
/// defer { planned.remove() }
/// let migrator = try planned.migratorOnPrivateCopy(validated: plan)   // errors name default.store
/// ```
public enum OpenedStore: Sendable {
    /// A Strata store, read in place.
    case strata(URL)
    /// A SwiftData or Core Data store, read-only.
    case apple(AppleStore)
    /// A SwiftData or Core Data store imported privately at a plan version (`PrivateImport`).
    case imported(PrivateImport)

    /// Opens the store at `url`, detecting its format from one private copy that an Apple store keeps reading
    /// from; throws `AppleStoreError.unrecognizedFormat` for a file that is neither kind of store,
    /// `AppleStoreError.unreadable` for one SQLite cannot read (or, with `unreadableAsStrata`, opens it as a Strata
    /// store, for a migrator whose errors say what SQLite found: locked, damaged), and the other `AppleStoreError`s
    /// for a damaged Apple store.
    public static func open(_ url: URL, unreadableAsStrata: Bool = false) throws -> OpenedStore {
        let format: StoreFormat
        let copy: StoreSnapshot?
        do {
            (format, copy) = try StoreFormat.detectKeepingCopy(at: url)
        } catch AppleStoreError.unreadable where unreadableAsStrata {
            return .strata(url)
        }
        guard format == .apple, let copy else {
            copy?.close()
            return .strata(url)
        }
        return .apple(try AppleStore(snapshot: copy))
    }

    /// The file the user named, which every message names.
    public var url: URL {
        switch self {
        case .strata(let url): url
        case .apple(let store): store.url
        case .imported(let store): store.source
        }
    }

    /// The format of the user's file.
    public var format: StoreFormat {
        if case .strata = self { return .strata }
        return .apple
    }

    /// The Strata store file to plan, migrate and browse: the user's file, or the private import; nil for an Apple
    /// store read as it is.
    public var strataFile: URL? {
        switch self {
        case .strata(let url): url
        case .apple: nil
        case .imported(let store): store.url
        }
    }

    /// A SwiftData or Core Data store imported privately at the version of `plan` its model equals (read from this
    /// store's private copy, not copied again); any other store as it is. Throws
    /// `MigrationError.unknownStoreVersion` naming the closest version and the differences when the model equals none.
    public func imported(at plan: ValidatedPlan) throws -> OpenedStore {
        guard case .apple(let store) = self else { return self }
        return .imported(try PrivateImport(of: store, plan: plan))
    }

    /// A SwiftData or Core Data store imported privately at the version of a Core Data model's plan that Core Data's
    /// own rule gives it (`PrivateImport(of:model:)`: 134130 when none); any other store as it is.
    public func imported(at model: ModelBundlePlan) throws -> OpenedStore {
        guard case .apple(let store) = self else { return self }
        return .imported(try PrivateImport(of: store, model: model))
    }

    /// A migrator on a private copy of the Strata store (``strataFile``: the user's file or the private import),
    /// whose errors name the user's file; an Apple store read as it is has none, and the migrator says so.
    public func migratorOnPrivateCopy(
        validated plan: ValidatedPlan, to version: Schema.Version? = nil, refusingDataLoss: Bool = false
    ) throws -> Migrator {
        try Migrator.onPrivateCopy(
            of: strataFile ?? url, validated: plan, to: version, refusingDataLoss: refusingDataLoss, named: url)
    }

    /// Deletes the private import, if this is one (an Apple store's private copy goes with its last reference).
    public func remove() {
        if case .imported(let store) = self { store.remove() }
    }
}
