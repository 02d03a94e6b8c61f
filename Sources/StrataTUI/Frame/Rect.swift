/// A rectangle of a frame, in columns and rows.
package struct Rect: Hashable, Sendable {
    package var x, y, width, height: Int

    /// Creates a rectangle.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// True when the cell at (x, y) is inside.
    package func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < self.x + width && y >= self.y && y < self.y + height
    }

    /// The rectangle inside a one-cell border.
    package var inner: Rect { Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2) }
}
