import SwiftData
import SwiftUI

@main
struct LendingApp: App {
    var body: some Scene {
        WindowGroup { Text("Lending shelf") }
            .modelContainer(for: Loan.self, migrationPlan: LendingPlan.self)
    }
}

typealias Loan = LendingSchemaV2.Loan
