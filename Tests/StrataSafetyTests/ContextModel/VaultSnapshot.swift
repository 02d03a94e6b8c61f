import Foundation
import Strata

/// Reads the whole vault as a context shows it, and checks that both sides of every inverse pair agree.
enum VaultSnapshot {
    /// The state `context` shows, and the disagreements between inverse sides found on the way.
    static func read(_ context: ModelContext) throws -> (state: VaultState, problems: [String]) {
        var state = VaultState()
        var problems: [String] = []
        for sample in try context.fetch(FetchDescriptor<Vault.Sample>()) {
            state.samples[sample.serial] = SampleValues(sample)
        }
        let pets = try context.fetch(FetchDescriptor<Vault.Pet>())
        for pet in pets {
            state.pets[pet.serial] = PetState(name: pet.name, links: OwnerLink.allCases.map { pet.owner($0)?.serial })
        }
        for club in try context.fetch(FetchDescriptor<Vault.Club>()) {
            state.clubs[club.serial] = club.name
            let members = club.members.map(\.serial)
            if Set(members).count != members.count {
                problems.append("club \(club.serial) lists a member twice: \(members)")
            }
            for owner in members { state.memberships.insert(Membership(club: club.serial, owner: owner)) }
        }
        for owner in try context.fetch(FetchDescriptor<Vault.Owner>()) {
            state.owners[owner.serial] = owner.name
            for link in OwnerLink.allCases {
                let listed = owner.pets(link).map(\.serial).sorted()
                let linked = state.pets.filter { $0.value.links[link.rawValue] == owner.serial }.keys.sorted()
                if listed != linked {
                    problems.append("owner \(owner.serial).\(link) lists \(listed), pets name it on \(linked)")
                }
            }
            let clubs = owner.clubs.map(\.serial).sorted()
            let member = state.memberships.filter { $0.owner == owner.serial }.map(\.club).sorted()
            if clubs != member {
                problems.append("owner \(owner.serial).clubs lists \(clubs), clubs list it in \(member)")
            }
        }
        return (state, problems)
    }
}
