import Foundation
import Strata

/// The FreezeRay fixture app's model (swiftdata-freezeray: App-1_0_0.sqlite, App-2_0_0.sqlite) as its app
/// declares it: 1.0.0 (name, createdAt), 2.0.0 adds an optional email; and a 3.0.0 after them that makes email
/// required with a default, so a plan has a stage beyond the stores' versions.
public enum FreezeRayV1: VersionedSchema {
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    public static var models: [any PersistentModel.Type] { [User.self] }
    @Model public final class User {
        public var createdAt: Date?
        public var name: String?
        public init() {}
    }
}

/// 2.0.0: adds an optional email.
public enum FreezeRayV2: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    public static var models: [any PersistentModel.Type] { [User.self] }
    @Model public final class User {
        public var createdAt: Date?
        public var email: String?
        public var name: String?
        public init() {}
    }
}

/// 3.0.0: email required, empty by default.
public enum FreezeRayV3: VersionedSchema {
    public static let versionIdentifier = Schema.Version(3, 0, 0)
    public static var models: [any PersistentModel.Type] { [User.self] }
    @Model public final class User {
        public var createdAt: Date?
        public var email: String = ""
        public var name: String?
        public init() {}
    }
}

/// 1.0.0 -> 2.0.0 -> 3.0.0, both lightweight.
public enum FreezeRayPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [FreezeRayV1.self, FreezeRayV2.self, FreezeRayV3.self] }
    public static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: FreezeRayV1.self, toVersion: FreezeRayV2.self),
            .lightweight(fromVersion: FreezeRayV2.self, toVersion: FreezeRayV3.self),
        ]
    }
}

/// 2.0.0 as an app that gave the optional email a default declares it: Apple stores record defaults only as samples,
/// so a store written at 2.0.0 is at this version too.
public enum FreezeRayV2WithDefault: VersionedSchema {
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    public static var models: [any PersistentModel.Type] { [User.self] }
    @Model public final class User {
        public var createdAt: Date?
        public var email: String? = "unknown"
        public var name: String?
        public init() {}
    }
}

/// 1.0.0 -> 2.0.0 (email with a default), lightweight.
public enum FreezeRayDefaultPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [FreezeRayV1.self, FreezeRayV2WithDefault.self] }
    public static var stages: [MigrationStage] {
        [.lightweight(fromVersion: FreezeRayV1.self, toVersion: FreezeRayV2WithDefault.self)]
    }
}
