import SwiftUI

/// Shown by the launch screen while the store migrates.
@Observable
final class MigrationProgress {
    static let shared = MigrationProgress()

    var done = 0
    var total = 0

    var fraction: Double { total == 0 ? 1 : Double(done) / Double(total) }
}
