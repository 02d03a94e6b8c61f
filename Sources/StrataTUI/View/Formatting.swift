import Foundation
import StrataText

/// Number and time formats shared by the panes (locale-independent, so frames are the same everywhere).
package enum Formatting {
    /// "200,000".
    package static func count(_ number: Int) -> String { CountText.grouped(number) }

    /// "0.02s", "12.4s", "3m05s".
    package static func duration(_ seconds: TimeInterval) -> String {
        if seconds < 10 { return String(format: "%.2fs", seconds) }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds.rounded())
        return String(format: "%dm%02ds", whole / 60, whole % 60)
    }

    /// "1 entity", "3 entities".
    package static func plural(_ number: Int, _ singular: String, _ plural: String) -> String {
        CountText.plural(number, singular, plural, grouped: true)
    }
}
