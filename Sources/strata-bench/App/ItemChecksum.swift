/// The fields of an item every contender reads back, so each reads the same values and sums them the same way.
protocol ItemFields {
    var title: String { get }
    var count: Int { get }
    var score: Double { get }
    var note: String? { get }
}

extension AppItem: ItemFields {}
extension ItemRecord: ItemFields {}

extension Sequence where Element: ItemFields {
    /// Reads every item's fields into a checksum and keeps it (`Sink`); returns how many items there were.
    func readEveryField() -> Int {
        var count = 0
        var checksum = 0
        for item in self {
            checksum &+= item.count &+ item.title.utf8.count &+ Int(item.score) &+ (item.note?.utf8.count ?? 0)
            count += 1
        }
        Sink.keep(checksum)
        return count
    }
}

/// The row numbers 1...rows in batches of `size` (the last one shorter), as the insert workloads commit them.
func batches(of size: Int, upTo rows: Int) -> [ClosedRange<Int>] {
    stride(from: 1, through: rows, by: size).map { $0...min($0 + size - 1, rows) }
}
