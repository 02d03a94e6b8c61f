import Foundation
import SwiftData

enum SketchSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Sketch.self] }

    @Model
    final class Sketch {
        var title: String
        /// The PencilKit drawing, as PKDrawing.dataRepresentation() wrote it.
        var drawingData: Data

        init(title: String, drawingData: Data) {
            self.title = title
            self.drawingData = drawingData
        }
    }
}

enum SketchSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Sketch.self] }

    @Model
    final class Sketch {
        var title: String
        var drawingData: Data
        /// Shown in the gallery without decoding every drawing.
        var strokeCount: Int = 0

        init(title: String, drawingData: Data) {
            self.title = title
            self.drawingData = drawingData
        }
    }
}
