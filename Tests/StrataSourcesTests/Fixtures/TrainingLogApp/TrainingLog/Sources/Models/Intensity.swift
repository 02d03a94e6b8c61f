import SwiftUI

enum Intensity: String, Codable, CaseIterable {
    case light, moderate, heavy

    /// The words the list shows.
    var label: String { rawValue.capitalized }

    /// Heavy sets are reviewed in the dark theme.
    var preferredColorScheme: ColorScheme { self == .heavy ? .dark : .light }

    /// The intensity of a set at `kilograms`.
    static func forLoad(kilograms: Double) -> Intensity {
        switch kilograms {
        case ..<2: .light
        case ..<4: .moderate
        default: .heavy
        }
    }
}
