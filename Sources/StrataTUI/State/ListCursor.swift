/// The selected item of a list and the first item shown.
package struct ListCursor: Sendable, Equatable {
    /// The selected index.
    package var selected = 0
    /// The index of the first visible item.
    package var scroll = 0

    /// Creates a cursor at the first item.
    package init(selected: Int = 0, scroll: Int = 0) {
        self.selected = selected
        self.scroll = scroll
    }

    /// Moves the selection by `delta` within `count` items, scrolling to keep it inside `visible` rows.
    package mutating func move(_ delta: Int, count: Int, visible: Int) {
        selected = count == 0 ? 0 : min(max(selected + delta, 0), count - 1)
        follow(count: count, visible: visible)
    }

    /// Scrolls so the selection is visible.
    package mutating func follow(count: Int, visible: Int) {
        let rows = max(visible, 1)
        if selected < scroll { scroll = selected }
        if selected >= scroll + rows { scroll = selected - rows + 1 }
        scroll = max(0, min(scroll, max(0, count - rows)))
    }
}
