import SwiftData
import SwiftUI

/// The model the screens work with: the current version's shape, declared again for the views.
@Model
final class Exercise {
    var name: String
    var loadKilograms: Double
    var intensity: Intensity

    init(name: String, loadKilograms: Double, intensity: Intensity) {
        self.name = name
        self.loadKilograms = loadKilograms
        self.intensity = intensity
    }
}

extension Exercise {
    /// The row's caption.
    var label: String { "\(name), \(loadKilograms) kg" }
}
