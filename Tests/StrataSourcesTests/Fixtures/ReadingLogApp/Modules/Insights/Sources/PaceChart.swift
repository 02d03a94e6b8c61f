import Library
import SwiftUI

/// The stats screen's bar of today's reading against the goal.
struct PaceChart: View {
    let pagesToday: Int

    var body: some View {
        ProgressView(value: ReadingPace.goalProgress(pagesToday: pagesToday))
            .tint(.orange)
    }
}
