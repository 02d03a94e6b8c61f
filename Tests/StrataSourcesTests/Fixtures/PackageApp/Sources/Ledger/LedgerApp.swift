import SwiftData
import SwiftUI

@main
struct LedgerApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Ledger")
        }
        .modelContainer(for: Entry.self, migrationPlan: LedgerPlan.self)
    }
}
