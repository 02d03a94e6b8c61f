// Before the 2.0 rewrite amounts were stored as Double. Excluded from the target in Package.swift.
import Foundation
import SwiftData

enum LedgerSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model
    final class Entry {
        var memo: String
        var amount: Double

        init(memo: String, amount: Double) {
            self.memo = memo
            self.amount = amount
        }
    }
}
