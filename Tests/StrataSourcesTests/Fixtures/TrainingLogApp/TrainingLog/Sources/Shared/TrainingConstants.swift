import SwiftUI
import UniformTypeIdentifiers

/// Values the app shares between its screens and its data.
enum TrainingConstants {
    /// The tint new exercises get.
    static let defaultTint = "#2F80ED"
    /// The haptic played when a set is saved.
    static let saveFeedback: SensoryFeedback = .success
    /// The type of an exported log.
    static let exportType = UTType.commaSeparatedText
}
