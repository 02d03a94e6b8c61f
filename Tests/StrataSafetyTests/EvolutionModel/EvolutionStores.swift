import Foundation
import Strata

/// Writes the reference's data into a store with one version's models, and reads a store back into the
/// reference's shape with another version's models.
enum EvolutionStores {
    /// Writes `data` at version index `version` (0 or 1) into a new store at `url`.
    static func write(_ data: EvolutionReference, at version: Int, to url: URL) throws {
        let context = ModelContext(try container(version, url))
        if version == 0 {
            let companies = Dictionary(
                uniqueKeysWithValues: data.companies.map { ($0, Evolution.E1.Company(title: $0)) })
            for row in data.contacts {
                let contact = Evolution.E1.Contact(
                    serial: row.int("serial")!, name: row["name"]!.text, phone: row["phone"]!.text,
                    email: row["email"]?.text, age: row.int("age")!)
                context.insert(contact)
                contact.company = row["company"].flatMap { companies[$0.text] }
            }
            for company in companies.values { context.insert(company) }
            for memo in data.memos ?? [] { context.insert(Evolution.E1.Memo(text: memo)) }
        } else {
            let companies = Dictionary(
                uniqueKeysWithValues: data.companies.map { ($0, Evolution.E2.Company(title: $0)) })
            for row in data.contacts {
                let contact = Evolution.E2.Contact(
                    serial: row.int("serial")!, fullName: row["fullName"]!.text, email: row["email"]?.text,
                    age: row.int("age"))
                context.insert(contact)
                contact.company = row["company"].flatMap { companies[$0.text] }
            }
            for company in companies.values { context.insert(company) }
        }
        try context.save()
    }

    /// Reads the store at `url` with version index `version`'s models (contacts by serial).
    static func read(at version: Int, from url: URL) throws -> EvolutionReference {
        let context = ModelContext(try container(version, url))
        var contacts: [[String: Field]] = []
        var companies: [String] = []
        switch version {
        case 0:
            for c in try context.fetch(FetchDescriptor<Evolution.E1.Contact>(sortBy: [SortDescriptor(\.serial)])) {
                contacts.append(
                    row(
                        ["serial": .int(c.serial), "name": .text(c.name), "phone": .text(c.phone), "age": .int(c.age)],
                        ["email": c.email.map(Field.text), "company": c.company.map { .text($0.title) }]))
            }
            companies = try context.fetch(FetchDescriptor<Evolution.E1.Company>()).map(\.title)
        case 1:
            for c in try context.fetch(FetchDescriptor<Evolution.E2.Contact>(sortBy: [SortDescriptor(\.serial)])) {
                contacts.append(
                    row(
                        ["serial": .int(c.serial), "fullName": .text(c.fullName), "score": .int(c.score)],
                        [
                            "email": c.email.map(Field.text), "age": c.age.map(Field.int),
                            "nickname": c.nickname.map(Field.text),
                            "company": c.company.map { .text($0.title) },
                        ]))
            }
            companies = try context.fetch(FetchDescriptor<Evolution.E2.Company>()).map(\.title)
        default:
            for c in try context.fetch(FetchDescriptor<Evolution.E3.Contact>(sortBy: [SortDescriptor(\.serial)])) {
                contacts.append(
                    row(
                        ["serial": .int(c.serial), "fullName": .text(c.fullName), "score": .int(c.score)],
                        [
                            "email": c.email.map(Field.text), "age": c.age.map(Field.int),
                            "nickname": c.nickname.map(Field.text),
                            "initials": c.initials.map(Field.text),
                        ]))
            }
            companies = try context.fetch(FetchDescriptor<Evolution.E3.Company>()).map(\.title)
        }
        return EvolutionReference(contacts: contacts, companies: companies, memos: nil)
    }

    /// A container on `url` with version index `version`'s models and no plan.
    private static func container(_ version: Int, _ url: URL) throws -> ModelContainer {
        try ModelContainer(
            for: Schema(versionedSchema: Evolution.versions[version]), configurations: ModelConfiguration(url: url))
    }

    /// A row of required values plus the optional ones that are set.
    private static func row(_ required: [String: Field], _ optional: [String: Field?]) -> [String: Field] {
        required.merging(optional.compactMapValues { $0 }) { a, _ in a }
    }
}

extension Dictionary where Key == String, Value == Field {
    /// The integer under `key`, if it is one.
    func int(_ key: String) -> Int? {
        if case .int(let value)? = self[key] { return value }
        return nil
    }
}
