import Foundation
import SwiftData

enum LendingSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Loan.self] }

    // 2.0 asks for a phone number and tells members from guests; the struct keeps its name.
    struct Borrower: Codable, Hashable {
        var name: String
        var phone: String
        var role: Role
    }

    enum Role: Codable, Hashable {
        case member
        case guest(sponsor: String)
    }

    @Model
    final class Loan {
        var item: String
        var borrower: Borrower
        var due: Date?

        init(item: String, borrower: Borrower, due: Date? = nil) {
            self.item = item
            self.borrower = borrower
            self.due = due
        }
    }
}
