/// How counts are said to people, the same on every surface (command line, event log, terminal UI).
package enum CountText {
    /// "200,000": digits grouped by thousands, independent of the locale so output is the same everywhere.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// "1 entity", "3 entities"; with `grouped`, the number's thousands separated ("200,000 rows").
    package static func plural(_ number: Int, _ singular: String, _ plural: String, grouped: Bool = false) -> String {
        "\(grouped ? self.grouped(number) : String(number)) \(number == 1 ? singular : plural)"
    }

    /// "1 row", "200 rows": an entity's or a store's row count as every surface says it.
    package static func rows(_ count: Int, grouped: Bool = false) -> String {
        plural(count, "row", "rows", grouped: grouped)
    }

    /// A stage's count as every surface says it: row writes, not rows (a stage saving a row in `willMigrate` and
    /// again in `didMigrate` counts it twice). "1 row write", "100 row writes"; `short` drops "row" for narrow
    /// panes ("100 writes").
    package static func rowWrites(_ count: Int, grouped: Bool = false, short: Bool = false) -> String {
        plural(count, short ? "write" : "row write", short ? "writes" : "row writes", grouped: grouped)
    }
}
