import Foundation

extension BookSchemaV2.Book {
    /// The line under the title on the shelf.
    public var shelfLine: String {
        "\(title), \(ReadingPace.label(pages: pagesRead, days: daysReading))"
    }

    /// Marks the book finished from the detail screen, and counts it for the Settings screen's total.
    public func markFinished(on day: Date) {
        finishedOn = day
        ShelfSettings.shared.finishedCount += 1
    }
}
