import StrataText

/// The Versions pane: each schema by its label (a Core Data model's version name, else its number), entity count
/// and short fingerprint, marking the store's version, the target and the two versions diffed (f and t in the first
/// column).
enum VersionsView {
    /// One line per visible version, at most `width` columns: where the fingerprints would push the store and target
    /// markers (or the entity counts) off the pane, the fingerprints are left out, and where the entity counts still
    /// would (a Core Data model's version names at 80 columns), they are left out too: the markers stay in view.
    static func lines(_ state: AppState, width limit: Int) -> [Line] {
        let full = lines(state, fingerprints: true)
        if full.allSatisfy({ $0.width <= limit }) { return full }
        let counted = lines(state, fingerprints: false)
        return counted.allSatisfy({ $0.width <= limit }) ? counted : lines(state, fingerprints: false, counts: false)
    }

    /// One line per visible version, with or without the fingerprints and the entity counts.
    static func lines(_ state: AppState, fingerprints: Bool, counts: Bool = true) -> [Line] {
        let width = state.versions.map { CharacterWidth.of($0.label) }.max() ?? 0
        return state.visibleVersions.map { index in
            let row = state.versions[index]
            let pick = index == state.diffFrom ? "f " : index == state.diffTo ? "t " : "  "
            var line = Line(pick, .changed, .bold).with(CharacterWidth.pad(row.label, to: width), .plain, .bold)
            let entities = Formatting.plural(row.entityCount, "entity", "entities")
            if counts { line = line.with(" \(fingerprints ? CharacterWidth.pad(entities, to: 8) : entities)", .dim) }
            if fingerprints { line = line.with(" \(row.fingerprint)", .dim) }
            if index == state.storeIndex { line = line.with(" store", .info, .bold) }
            if index == state.matchIndex { line = line.with(" = store", .info, .bold) }
            if index == state.targetIndex { line = line.with(" target", .key, .bold) }
            return line
        }
    }
}
