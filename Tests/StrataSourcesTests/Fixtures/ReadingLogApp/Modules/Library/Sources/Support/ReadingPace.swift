import Foundation

/// The words for how fast a book is being read, shared by the shelf, the stats screen and the widget.
public enum ReadingPace {
    /// "steady (12 pages a day)" and the like.
    public static func label(pages: Int, days: Int) -> String {
        let perDay = days > 0 ? pages / days : pages
        switch perDay {
        case 0: return "not started"
        case 1..<10: return "gentle (\(perDay) pages a day)"
        case 10..<30: return "steady (\(perDay) pages a day)"
        default: return "racing (\(perDay) pages a day)"
        }
    }

    /// How much of today's goal (from Settings) the pages read today make, from 0 to 1.
    public static func goalProgress(pagesToday: Int) -> Double {
        let goal = max(ShelfSettings.shared.dailyPageGoal, 1)
        return min(Double(pagesToday) / Double(goal), 1)
    }
}
