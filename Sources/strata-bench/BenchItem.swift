import Foundation
import Strata

/// The row the benchmarks write and read: a string, an integer and a date.
@Model final class BenchItem {
    var title: String
    var number: Int
    var created: Date

    init(title: String, number: Int, created: Date) {
        self.title = title
        self.number = number
        self.created = created
    }
}
