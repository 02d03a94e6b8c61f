import SwiftUI

/// The colours a routine is drawn in, made from the tint its exercises store.
struct RoutineTheme {
    let accent: Color
    let background: Color

    init(accent: Color, background: Color) {
        self.accent = accent
        self.background = background
    }

    init(hex: String) {
        self.init(accent: Color(hex: hex), background: Color(hex: hex).opacity(0.15))
    }
}
