import Foundation
import Strata

/// How one step of an evolution route is made.
enum EvolutionStageKind: Int, CaseIterable, Sendable {
    case lightweight, custom
}

/// A route through the family: the versions visited (indices into `Evolution.versions`) and the kind of each
/// stage; `inferred` routes declare the two versions and `stages: []`, so the whole step is inferred.
struct EvolutionRoute: Equatable, Sendable, CustomStringConvertible {
    var versions: [Int]
    var kinds: [EvolutionStageKind]
    var inferred: Bool

    var description: String {
        inferred ? "EvolutionRoute(inferred: \(versions))" : "EvolutionRoute(\(versions), \(kinds.map { "\($0)" }))"
    }
}

/// The plan of the route chosen at run time (shared state: the tests using it are serialized).
enum EvolutionPlan: SchemaMigrationPlan {
    nonisolated(unsafe) static var route = EvolutionRoute(versions: [0, 1], kinds: [.lightweight], inferred: false)

    static var schemas: [any VersionedSchema.Type] { route.versions.map { Evolution.versions[$0] } }
    static var stages: [MigrationStage] {
        guard !route.inferred else { return [] }
        return zip(zip(route.versions, route.versions.dropFirst()), route.kinds).map { step, kind in
            let (from, to) = (Evolution.versions[step.0], Evolution.versions[step.1])
            switch (kind, step.1) {
            case (.lightweight, _): return .lightweight(fromVersion: from, toVersion: to)
            case (.custom, 1):
                return .custom(fromVersion: from, toVersion: to, willMigrate: nil, didMigrate: nicknamesFromPhones)
            case (.custom, _):
                return .custom(fromVersion: from, toVersion: to, willMigrate: nil, didMigrate: initialsFromNames)
            }
        }
    }

    /// 1.0.0 -> 2.0.0's custom work: each contact's nickname is "tel:" and the phone the stage removes.
    static func nicknamesFromPhones(_ context: ModelContext) throws {
        for contact in try context.fetch(FetchDescriptor<Evolution.E2.Contact>()) {
            let phone: String? = try contact.valueBeforeMigration("phone")
            contact.nickname = phone.map { "tel:" + $0 }
        }
        try context.save()
    }

    /// 2.0.0 -> 3.0.0's custom work: each contact's initials are the first character of its name.
    static func initialsFromNames(_ context: ModelContext) throws {
        for contact in try context.fetch(FetchDescriptor<Evolution.E3.Contact>()) {
            contact.initials = contact.fullName.first.map(String.init)
        }
        try context.save()
    }
}
