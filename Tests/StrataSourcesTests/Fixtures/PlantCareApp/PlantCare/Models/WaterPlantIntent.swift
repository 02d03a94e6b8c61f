import AppIntents
import Foundation

/// "Water Monstera" from Siri or the Shortcuts app; donated each time a plant is watered in the app, so the system
/// learns when to suggest it.
struct WaterPlantIntent: AppIntent {
    static var title: LocalizedStringResource = "Water a plant"

    @Parameter(title: "Plant")
    var plantName: String

    init() {}

    init(plantName: String) {
        self.plantName = plantName
    }

    func perform() async throws -> some IntentResult {
        .result()
    }
}
