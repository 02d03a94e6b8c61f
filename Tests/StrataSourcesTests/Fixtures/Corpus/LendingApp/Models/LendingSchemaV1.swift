import Foundation
import SwiftData

enum LendingSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Loan.self] }

    // Who has the item: kept inside the loan, as SwiftData stores a Codable struct.
    struct Borrower: Codable, Hashable {
        var name: String
    }

    @Model
    final class Loan {
        var item: String
        var borrower: Borrower

        init(item: String, borrower: Borrower) {
            self.item = item
            self.borrower = borrower
        }
    }
}
