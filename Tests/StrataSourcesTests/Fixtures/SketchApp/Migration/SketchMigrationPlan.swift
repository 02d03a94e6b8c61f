import PencilKit
import SwiftData

enum SketchMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [SketchSchemaV1.self, SketchSchemaV2.self] }
    static var stages: [MigrationStage] { [addStrokeCounts] }

    static let addStrokeCounts = MigrationStage.custom(
        fromVersion: SketchSchemaV1.self,
        toVersion: SketchSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            for sketch in try context.fetch(FetchDescriptor<SketchSchemaV2.Sketch>()) {
                sketch.strokeCount = StrokeCounter.strokes(in: sketch.drawingData)
            }
            try context.save()
        }
    )
}

/// Reads how many strokes a saved drawing has.
enum StrokeCounter {
    static func strokes(in data: Data) -> Int {
        guard let drawing = try? PKDrawing(data: data) else { return 0 }
        return drawing.strokes.count
    }
}
