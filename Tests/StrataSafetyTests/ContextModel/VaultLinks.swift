import Foundation

extension Vault.Pet {
    /// The owner on one of the pet's to-one relationships.
    func owner(_ link: OwnerLink) -> Vault.Owner? {
        switch link {
        case .keeper: keeper
        case .walker: walker
        case .vet: vet
        case .sitter: sitter
        }
    }

    /// Sets the owner on one of the pet's to-one relationships (the to-one side of the edit).
    func setOwner(_ link: OwnerLink, _ owner: Vault.Owner?) {
        switch link {
        case .keeper: keeper = owner
        case .walker: walker = owner
        case .vet: vet = owner
        case .sitter: sitter = owner
        }
    }
}

extension Vault.Owner {
    /// The pets on the to-many inverse of one of `Pet`'s to-one relationships.
    func pets(_ link: OwnerLink) -> [Vault.Pet] {
        switch link {
        case .keeper: kept
        case .walker: walked
        case .vet: treated
        case .sitter: sat
        }
    }

    /// Replaces the pets on one to-many relationship (the to-many side of the edit).
    func setPets(_ link: OwnerLink, _ pets: [Vault.Pet]) {
        switch link {
        case .keeper: kept = pets
        case .walker: walked = pets
        case .vet: treated = pets
        case .sitter: sat = pets
        }
    }
}
