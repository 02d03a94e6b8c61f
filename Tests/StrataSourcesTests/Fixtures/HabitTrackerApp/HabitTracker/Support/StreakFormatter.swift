import Foundation

/// The words for a habit's progress, shared by the list and the widgets.
enum StreakFormatter {
    static func text(done: Int, goal: Int) -> String {
        guard goal > 0 else { return "no goal" }
        return done >= goal ? "done (\(done)/\(goal))" : "\(done) of \(goal)"
    }
}
