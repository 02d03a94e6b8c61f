import Foundation

/// The four to-one relationships of a `Pet`, in the order `PetState.links` holds them, each with its
/// inverse's delete rule on `Owner`: cascade, nullify, deny, noAction.
enum OwnerLink: Int, CaseIterable, CustomStringConvertible {
    case keeper, walker, vet, sitter

    var description: String { ["keeper(cascade)", "walker(nullify)", "vet(deny)", "sitter(noAction)"][rawValue] }
}

/// A pet as the reference holds it: its name and the owner serial on each `OwnerLink`.
struct PetState: Equatable {
    var name: String
    var links: [Int?] = [nil, nil, nil, nil]
}

/// A club's membership of one owner (the many-to-many `Club.members` / `Owner.clubs`).
struct Membership: Hashable, Comparable {
    var club: Int
    var owner: Int

    static func < (a: Membership, b: Membership) -> Bool { (a.club, a.owner) < (b.club, b.owner) }
}

/// Every object of the vault by serial, with its values and relationships: what a context shows.
struct VaultState: Equatable {
    var samples: [Int: SampleValues] = [:]
    var owners: [Int: String] = [:]
    var pets: [Int: PetState] = [:]
    var clubs: [Int: String] = [:]
    var memberships: Set<Membership> = []

    /// The state without the given owners, pets, clubs and samples, and without every link to them.
    func removing(_ gone: VaultDeletions) -> VaultState {
        var state = self
        for serial in gone.samples { state.samples[serial] = nil }
        for serial in gone.owners { state.owners[serial] = nil }
        for serial in gone.pets { state.pets[serial] = nil }
        for serial in gone.clubs { state.clubs[serial] = nil }
        for (serial, pet) in state.pets {
            state.pets[serial]!.links = pet.links.map { owner in owner.flatMap { gone.owners.contains($0) ? nil : $0 } }
        }
        state.memberships = state.memberships.filter {
            !gone.clubs.contains($0.club) && !gone.owners.contains($0.owner)
        }
        return state
    }

    /// The differences from `other`, described for a failure message (empty when equal).
    func differences(from other: VaultState) -> [String] {
        var found: [String] = []
        for serial in Set(samples.keys).union(other.samples.keys).sorted()
        where samples[serial] != other.samples[serial] {
            found.append(
                "sample \(serial): \(samples[serial].map(\.description) ?? "absent") vs \(other.samples[serial].map(\.description) ?? "absent")"
            )
        }
        if owners != other.owners {
            found.append("owners \(owners.sorted { $0.key < $1.key }) vs \(other.owners.sorted { $0.key < $1.key })")
        }
        for serial in Set(pets.keys).union(other.pets.keys).sorted() where pets[serial] != other.pets[serial] {
            found.append(
                "pet \(serial): \(String(describing: pets[serial])) vs \(String(describing: other.pets[serial]))")
        }
        if clubs != other.clubs {
            found.append("clubs \(clubs.sorted { $0.key < $1.key }) vs \(other.clubs.sorted { $0.key < $1.key })")
        }
        if memberships != other.memberships {
            found.append("memberships \(memberships.sorted()) vs \(other.memberships.sorted())")
        }
        return found
    }
}

/// Saved objects marked deleted and not saved yet, by serial.
struct VaultDeletions: Equatable {
    var samples: Set<Int> = []
    var owners: Set<Int> = []
    var pets: Set<Int> = []
    var clubs: Set<Int> = []
}
