import Foundation
import SwiftData

enum LedgerSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model
    final class Entry {
        var memo: String
        var amountCents: Int
        var bookedAt: Date

        init(memo: String, amountCents: Int, bookedAt: Date) {
            self.memo = memo
            self.amountCents = amountCents
            self.bookedAt = bookedAt
        }
    }
}
