import Foundation

/// The items each list pane shows after its filter.
extension AppState {
    /// Indexes of the versions matching the Versions filter.
    package var visibleVersions: [Int] { matching(.versions, versions.map(\.label)) }

    /// Indexes of the stages matching the Stages filter.
    package var visibleStages: [Int] {
        matching(.stages, stages.map { "\($0.id) \($0.kindLabel) \($0.status.rawValue)" })
    }

    /// Indexes of the entities matching the Browser filter.
    package var visibleEntities: [Int] { matching(.browser, browser.entities.map(\.name)) }

    /// How many items a list pane holds.
    package func itemCount(_ pane: Pane) -> Int {
        switch pane {
        case .versions: visibleVersions.count
        case .stages: visibleStages.count
        case .browser: visibleEntities.count
        case .diff: mainLineCount
        case .progress: ProgressView.logLines(self, width: Layout(self).progress.inner.width - 1).count
        }
    }

    /// How many items fit in a pane (stages take two rows each).
    package func visibleRows(_ pane: Pane) -> Int {
        let inner = Layout(self).rect(pane).inner.height
        switch pane {
        case .stages: return max(1, inner / 2)
        case .diff: return max(1, main == .rows ? inner - 2 : inner)
        case .progress: return max(1, ProgressView.logRoom(self))
        default: return max(1, inner)
        }
    }

    /// Keeps a pane's selection inside its items and visible after its items or size changed.
    package mutating func refollow(_ pane: Pane) {
        var cursor = self.cursor(pane)
        cursor.move(0, count: itemCount(pane), visible: visibleRows(pane))
        cursors[pane] = cursor
    }

    /// Lines of the large pane's content at its current width.
    var mainLineCount: Int {
        let width = Layout(self).main.inner.width
        switch main {
        case .diff: return DiffView.lines(self, width: width).count
        case .stage(let index): return StageDetailView.lines(self, index: index, width: width).count
        case .rows: return browser.page?.rows.count ?? 0
        }
    }

    private func matching(_ pane: Pane, _ texts: [String]) -> [Int] {
        guard let filter = filters[pane], !filter.isEmpty else { return Array(texts.indices) }
        return texts.indices.filter { texts[$0].localizedCaseInsensitiveContains(filter) }
    }
}
