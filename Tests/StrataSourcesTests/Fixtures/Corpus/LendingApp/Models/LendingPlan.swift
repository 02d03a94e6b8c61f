import SwiftData

enum LendingPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [LendingSchemaV1.self, LendingSchemaV2.self] }
    static var stages: [MigrationStage] { [addPhoneAndRole] }

    // Every open loan gets a due date two weeks out.
    static let addPhoneAndRole = MigrationStage.custom(
        fromVersion: LendingSchemaV1.self, toVersion: LendingSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            for loan in try context.fetch(FetchDescriptor<LendingSchemaV2.Loan>()) {
                loan.due = Calendar.current.date(byAdding: .day, value: 14, to: .now)
            }
            try context.save()
        })
}
