import Foundation
import Strata

/// Three versions of a contacts app, as apps evolve them (models in extensions of their schemas):
/// - 2.0.0 renames `name` to `fullName`, removes `phone` (data goes), adds an optional `nickname` (a custom
///   stage computes it from the removed phone through `valueBeforeMigration`), adds `score` with a default, makes
///   `age` optional and removes the `Memo` entity;
/// - 3.0.0 removes the `company` relationship (and its inverse `staff`) and adds an optional `initials` (a custom
///   stage computes it from `fullName`).
enum Evolution {
    enum E1: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Contact.self, Company.self, Memo.self] }
    }

    enum E2: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Contact.self, Company.self] }
    }

    enum E3: VersionedSchema {
        static let versionIdentifier = Schema.Version(3, 0, 0)
        static var models: [any PersistentModel.Type] { [Contact.self, Company.self] }
    }

    static var versions: [any VersionedSchema.Type] { [E1.self, E2.self, E3.self] }
}

extension Evolution.E1 {
    @Model final class Contact {
        @Attribute(.unique) var serial: Int
        var name: String
        var phone: String
        var email: String?
        var age: Int
        var company: Company?

        init(serial: Int, name: String, phone: String, email: String?, age: Int) {
            self.serial = serial
            self.name = name
            self.phone = phone
            self.email = email
            self.age = age
        }
    }

    @Model final class Company {
        var title: String
        @Relationship(deleteRule: .nullify, inverse: \Contact.company) var staff: [Contact] = []

        init(title: String) { self.title = title }
    }

    @Model final class Memo {
        var text: String

        init(text: String) { self.text = text }
    }
}

extension Evolution.E2 {
    @Model final class Contact {
        @Attribute(.unique) var serial: Int
        @Attribute(originalName: "name") var fullName: String
        var email: String?
        var age: Int?
        var nickname: String?
        var score: Int = 7
        var company: Company?

        init(serial: Int, fullName: String, email: String?, age: Int?) {
            self.serial = serial
            self.fullName = fullName
            self.email = email
            self.age = age
        }
    }

    @Model final class Company {
        var title: String
        @Relationship(deleteRule: .nullify, inverse: \Contact.company) var staff: [Contact] = []

        init(title: String) { self.title = title }
    }
}

extension Evolution.E3 {
    @Model final class Contact {
        @Attribute(.unique) var serial: Int
        @Attribute(originalName: "name") var fullName: String
        var email: String?
        var age: Int?
        var nickname: String?
        var score: Int = 7
        var initials: String?

        init(serial: Int, fullName: String, email: String?, age: Int?) {
            self.serial = serial
            self.fullName = fullName
            self.email = email
            self.age = age
        }
    }

    @Model final class Company {
        var title: String

        init(title: String) { self.title = title }
    }
}
