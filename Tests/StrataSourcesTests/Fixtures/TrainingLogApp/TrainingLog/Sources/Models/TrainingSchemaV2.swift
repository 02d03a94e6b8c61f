import Foundation
import SwiftData
import SwiftUI

enum TrainingSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Exercise.self] }

    @Model
    final class Exercise {
        var name: String
        var load: Double
        var unitCode: Int
        var loadKilograms: Double = 0
        var intensity: Intensity = Intensity.light
        var tint: String = ""

        init(name: String, load: Double, unitCode: Int) {
            self.name = name
            self.load = load
            self.unitCode = unitCode
        }

        /// The list row's colour.
        var color: Color { Color(hex: tint) }

        /// The routine's colours, from the stored tint.
        func theme() -> RoutineTheme { RoutineTheme(hex: tint) }

        /// How the history chart draws this exercise.
        func chartStyle() -> some ShapeStyle {
            intensity == .heavy ? Color.red.opacity(0.8) : Color.gray
        }
    }
}
