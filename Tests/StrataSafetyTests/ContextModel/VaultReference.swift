import Foundation

/// The expected behaviour of one `ModelContext` over the vault, in plain Swift values, written from SwiftData's
/// documented semantics without Strata's code: unsaved inserts and changes are visible to the context's
/// fetches and not to other contexts; deletes hide objects at once and apply delete rules at save (cascade
/// follows `Club.members` to owners and `Owner.kept` to pets, `.deny` refuses the whole save when a deleted owner
/// still treats a pet that is not deleted too, nullify and noAction clear the links); rollback returns to the
/// saved state. (`.noAction` clears links as nullify does: SwiftData leaves a dangling reference that faults.)
struct VaultReference {
    /// What the store holds.
    private(set) var saved = VaultState()
    /// Saved state plus unsaved inserts and changes (deleted objects still in it).
    private(set) var pending = VaultState()
    /// Saved objects deleted since the last save.
    private(set) var deletions = VaultDeletions()
    /// Samples inserted or changed since the last save: fetches test them in memory, the others in SQL, so
    /// strings compare as `TextRule.swift` for them and as `TextRule.literal` for the others.
    private(set) var unsavedSamples: Set<Int> = []

    /// What the context's fetches show now.
    var visible: VaultState { pending.removing(deletions) }

    /// Sets a sample's values (inserting it when new).
    mutating func setSample(_ serial: Int, _ values: SampleValues) {
        pending.samples[serial] = values
        unsavedSamples.insert(serial)
    }

    /// How a fetch compares the strings of a sample.
    func textRule(sample serial: Int) -> TextRule { unsavedSamples.contains(serial) ? .swift : .literal }
    /// Sets an owner's name (inserting it when new).
    mutating func setOwner(_ serial: Int, name: String) { pending.owners[serial] = name }
    /// Inserts a pet.
    mutating func insertPet(_ serial: Int, name: String) { pending.pets[serial] = PetState(name: name) }
    /// Inserts a club.
    mutating func insertClub(_ serial: Int, name: String) { pending.clubs[serial] = name }
    /// Sets (or clears) one to-one link of a pet.
    mutating func link(pet: Int, _ link: OwnerLink, to owner: Int?) { pending.pets[pet]!.links[link.rawValue] = owner }
    /// Adds or removes a club membership.
    mutating func setMember(_ membership: Membership, _ member: Bool) {
        if member { pending.memberships.insert(membership) } else { pending.memberships.remove(membership) }
    }

    /// Marks saved objects deleted.
    mutating func delete(samples: Set<Int> = [], owners: Set<Int> = [], pets: Set<Int> = [], clubs: Set<Int> = []) {
        deletions.samples.formUnion(samples)
        deletions.owners.formUnion(owners)
        deletions.pets.formUnion(pets)
        deletions.clubs.formUnion(clubs)
    }

    /// What a save deletes: the deleted objects and everything cascade reaches from them.
    var doomed: VaultDeletions {
        var gone = deletions
        for membership in pending.memberships where gone.clubs.contains(membership.club) {
            gone.owners.insert(membership.owner)
        }
        for (serial, pet) in pending.pets where pet.links[OwnerLink.keeper.rawValue].map(gone.owners.contains) == true {
            gone.pets.insert(serial)
        }
        return gone
    }

    /// The owner a save is refused for (`.deny`), with the pet it still treats; nil when the save goes through.
    var denial: (owner: Int, pet: Int)? {
        let gone = doomed
        for (serial, pet) in pending.pets.sorted(by: { $0.key < $1.key }) where !gone.pets.contains(serial) {
            if let vet = pet.links[OwnerLink.vet.rawValue], gone.owners.contains(vet) { return (vet, serial) }
        }
        return nil
    }

    /// Saves: false (and nothing changes) when `.deny` refuses.
    mutating func save() -> Bool {
        guard denial == nil else { return false }
        saved = pending.removing(doomed)
        pending = saved
        deletions = VaultDeletions()
        unsavedSamples = []
        return true
    }

    /// Forgets every unsaved change.
    mutating func rollback() {
        pending = saved
        deletions = VaultDeletions()
        unsavedSamples = []
    }
}
