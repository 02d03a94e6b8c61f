import Foundation
import SwiftData

enum LedgerSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model
    final class Entry {
        var memo: String
        var amountCents: Int
        var bookedAt: Date
        var category: String?

        init(memo: String, amountCents: Int, bookedAt: Date, category: String? = nil) {
            self.memo = memo
            self.amountCents = amountCents
            self.bookedAt = bookedAt
            self.category = category
        }
    }
}

typealias Entry = LedgerSchemaV2.Entry

enum LedgerPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [LedgerSchemaV1.self, LedgerSchemaV2.self] }
    static var stages: [MigrationStage] {
        [MigrationStage.lightweight(fromVersion: LedgerSchemaV1.self, toVersion: LedgerSchemaV2.self)]
    }
}
