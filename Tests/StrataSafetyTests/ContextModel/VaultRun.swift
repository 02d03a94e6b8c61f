import Foundation
import Strata

/// Runs context steps against a real store file and against `VaultReference`, comparing after every step what
/// the context shows, what fetches, counts and enumerations return, and (after saves and on `peek`) what a
/// second context and a second container reading the file see.
final class VaultRun {
    private let directory = TemporaryDirectory()
    private let url: URL
    private let container: ModelContainer
    private let context: ModelContext
    private var reference = VaultReference()
    private var samples: [Int: Vault.Sample] = [:]
    private var owners: [Int: Vault.Owner] = [:]
    private var pets: [Int: Vault.Pet] = [:]
    private var clubs: [Int: Vault.Club] = [:]
    private var nextSerial = 1

    init() throws {
        url = directory.store()
        container = try Self.open(url)
        context = ModelContext(container)
    }

    /// The problems met running `steps` (empty when Strata and the reference agree throughout and, once the run
    /// let go of its container, context and objects, no file of its store is still open).
    static func problems(_ steps: [ContextStep]) throws -> [String] {
        var run: VaultRun? = try VaultRun()
        let directory = run!.directory.url
        let problems = try run!.problems(steps)
        run = nil
        let open = DescriptorLeakTests.openFiles(under: directory)
        return problems.isEmpty && !open.isEmpty ? ["the dropped run left its store open: \(open)"] : problems
    }

    /// The problems met running `steps` on this run's store.
    private func problems(_ steps: [ContextStep]) throws -> [String] {
        for (index, step) in steps.enumerated() {
            var problems: [String]
            do {
                problems = try perform(step)
                problems += try compare(context, with: reference.visible, "the context")
            } catch {
                problems = ["threw \(error)"]
            }
            if !problems.isEmpty { return ["step \(index) \(step):"] + problems }
        }
        return []
    }

    private static func open(_ url: URL) throws -> ModelContainer {
        try ModelContainer(for: Schema(Vault.models), configurations: ModelConfiguration(url: url))
    }

    /// Performs one step on both sides; returns the disagreements the step itself shows.
    private func perform(_ step: ContextStep) throws -> [String] {
        let (a, b) = (step.a, step.b)
        let visible = reference.visible
        let name = ValueTables.texts[b % ValueTables.texts.count]
        switch step.operation {
        case .insertSample:
            let serial = take()
            let values = SampleValues(seed: a)
            samples[serial] = Vault.Sample(serial: serial, values: values)
            context.insert(samples[serial]!)
            reference.setSample(serial, values)
        case .changeSample:
            guard let serial = pick(visible.samples.keys, a) else { break }
            let values = SampleValues(seed: b)
            samples[serial]!.assign(values)
            reference.setSample(serial, values)
        case .insertOwner:
            let serial = take()
            owners[serial] = Vault.Owner(serial: serial, name: name)
            context.insert(owners[serial]!)
            reference.setOwner(serial, name: name)
        case .renameOwner:
            guard let serial = pick(visible.owners.keys, a) else { break }
            owners[serial]!.name = name
            reference.setOwner(serial, name: name)
        case .insertPet:
            let serial = take()
            pets[serial] = Vault.Pet(serial: serial, name: name)
            context.insert(pets[serial]!)
            reference.insertPet(serial, name: name)
        case .insertClub:
            let serial = take()
            clubs[serial] = Vault.Club(serial: serial, name: name)
            context.insert(clubs[serial]!)
            reference.insertClub(serial, name: name)
        case .link:
            guard let petSerial = pick(visible.pets.keys, a) else { break }
            let link = OwnerLink.allCases[b % 4]
            let pet = pets[petSerial]!
            let ownerSerial = pick(visible.owners.keys, b / 4)
            if let ownerSerial, (b / 400) % 2 == 1 {
                let owner = owners[ownerSerial]!
                if !owner.pets(link).contains(where: { $0 === pet }) { owner.setPets(link, owner.pets(link) + [pet]) }
            } else {
                pet.setOwner(link, ownerSerial.map { owners[$0]! })
            }
            reference.link(pet: petSerial, link, to: ownerSerial)
        case .unlink:
            guard let petSerial = pick(visible.pets.keys, a) else { break }
            let link = OwnerLink.allCases[b % 4]
            let pet = pets[petSerial]!
            guard let ownerSerial = visible.pets[petSerial]!.links[link.rawValue] else { break }
            if (b / 4) % 2 == 1 {
                let owner = owners[ownerSerial]!
                owner.setPets(link, owner.pets(link).filter { $0 !== pet })
            } else {
                pet.setOwner(link, nil)
            }
            reference.link(pet: petSerial, link, to: nil)
        case .join:
            guard let clubSerial = pick(visible.clubs.keys, a), let ownerSerial = pick(visible.owners.keys, b) else {
                break
            }
            let club = clubs[clubSerial]!
            let owner = owners[ownerSerial]!
            if (b / 100) % 2 == 1 {
                if !owner.clubs.contains(where: { $0 === club }) { owner.clubs.append(club) }
            } else if !club.members.contains(where: { $0 === owner }) {
                club.members.append(owner)
            }
            reference.setMember(Membership(club: clubSerial, owner: ownerSerial), true)
        case .leave:
            let memberships = visible.memberships.sorted()
            guard !memberships.isEmpty else { break }
            let membership = memberships[a % memberships.count]
            let club = clubs[membership.club]!
            let owner = owners[membership.owner]!
            if b % 2 == 1 {
                owner.clubs.removeAll { $0 === club }
            } else {
                club.members.removeAll { $0 === owner }
            }
            reference.setMember(membership, false)
        case .deleteSample:
            guard let serial = pick(deletable(visible.samples.keys, reference.saved.samples.keys), a) else { break }
            context.delete(samples[serial]!)
            reference.delete(samples: [serial])
        case .deleteOwner:
            guard let serial = pick(deletable(visible.owners.keys, reference.saved.owners.keys), a) else { break }
            context.delete(owners[serial]!)
            reference.delete(owners: [serial])
        case .deletePet:
            guard let serial = pick(deletable(visible.pets.keys, reference.saved.pets.keys), a) else { break }
            context.delete(pets[serial]!)
            reference.delete(pets: [serial])
        case .deleteClub:
            guard let serial = pick(deletable(visible.clubs.keys, reference.saved.clubs.keys), a) else { break }
            context.delete(clubs[serial]!)
            reference.delete(clubs: [serial])
        case .save:
            return try save()
        case .rollback:
            context.rollback()
            reference.rollback()
            forgetUnsaved()
        case .fetch, .count, .enumerate:
            return try query(step.operation, a, b)
        case .peek:
            return try compareStore()
        }
        return []
    }

    /// Saves both sides: a refusal must be `.deny`'s (then both roll back); a save must reach the file.
    private func save() throws -> [String] {
        let denial = reference.denial
        var problems: [String] = []
        do {
            try context.save()
            if let denial {
                problems.append(
                    "saved, but owner \(denial.owner) is deleted and still treats pet \(denial.pet) (.deny)")
            }
        } catch {
            if denial == nil { problems.append("save threw \(error), the reference saves") }
        }
        if denial != nil {
            context.rollback()
            reference.rollback()
        } else {
            _ = reference.save()
        }
        forgetUnsaved()
        return try problems + compareStore()
    }

    /// A fetch, a count or an enumeration of samples with a query, an order and a page picked by `a` and `b`.
    private func query(_ operation: ContextOperation, _ a: Int, _ b: Int) throws -> [String] {
        let query = SampleQuery.number(a)
        let order = SampleOrder.number(b)
        let limit = [nil, 1, 2, 3][(b / 28) % 4]
        let offset = [nil, 0, 1, 2][(b / 112) % 4]
        var descriptor = FetchDescriptor<Vault.Sample>(
            predicate: query.predicate, sortBy: order.descriptors + [SortDescriptor(\.serial)])
        descriptor.fetchLimit = limit
        descriptor.fetchOffset = offset
        let values = reference.visible.samples
        let ordered = values.filter { query.matches($0.value, reference.textRule(sample: $0.key)) }.sorted { x, y in
            order.before(x.value, y.value) || (!order.before(y.value, x.value) && x.key < y.key)
        }.map(\.key).dropFirst(offset ?? 0).prefix(limit ?? .max)
        let expected = Array(ordered)
        let what =
            "\(operation) where \(query) by \(order) limit \(limit.map(String.init) ?? "-") offset \(offset.map(String.init) ?? "-")"
        switch operation {
        case .count:
            let count = try context.fetchCount(descriptor)
            return count == expected.count ? [] : ["\(what): \(count), expected \(expected.count)"]
        case .enumerate:
            var seen: [Int] = []
            try context.enumerate(descriptor, batchSize: 1 + b % 3) { seen.append($0.serial) }
            return seen == expected ? [] : ["\(what): \(seen), expected \(expected)"]
        default:
            let fetched = try context.fetch(descriptor)
            if fetched.map(\.serial) != expected { return ["\(what): \(fetched.map(\.serial)), expected \(expected)"] }
            return fetched.compactMap { sample in
                SampleValues(sample) == values[sample.serial]
                    ? nil : "\(what): sample \(sample.serial) reads \(SampleValues(sample))"
            }
        }
    }

    /// Compares what a second context of the container and a second container on the file see with the saved state.
    private func compareStore() throws -> [String] {
        let second = try compare(ModelContext(container), with: reference.saved, "a second context")
        let other = try compare(ModelContext(try Self.open(url)), with: reference.saved, "a second container")
        return second + other
    }

    /// The differences between what `reader` shows and `expected`.
    private func compare(_ reader: ModelContext, with expected: VaultState, _ who: String) throws -> [String] {
        let (state, problems) = try VaultSnapshot.read(reader)
        return (problems + state.differences(from: expected)).map { "\(who): \($0)" }
    }

    /// Drops the objects of rows that no longer exist (rolled-back inserts, saved deletes).
    private func forgetUnsaved() {
        let saved = reference.saved
        samples = samples.filter { saved.samples[$0.key] != nil }
        owners = owners.filter { saved.owners[$0.key] != nil }
        pets = pets.filter { saved.pets[$0.key] != nil }
        clubs = clubs.filter { saved.clubs[$0.key] != nil }
    }

    /// A new serial.
    private func take() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// The serial at `n` (modulo) among `serials` in order; nil when there are none.
    private func pick(_ serials: some Collection<Int>, _ n: Int) -> Int? {
        let sorted = serials.sorted()
        return sorted.isEmpty ? nil : sorted[n % sorted.count]
    }

    /// The visible serials that are saved (deletes of unsaved inserts are not generated).
    private func deletable(_ visible: some Collection<Int>, _ saved: some Collection<Int>) -> [Int] {
        let saved = Set(saved)
        return visible.filter(saved.contains)
    }
}
