import SwiftData
import SwiftUI
import WidgetKit

struct LatestSpecimenWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "LatestSpecimen", provider: LatestSpecimenProvider()) { entry in
            Text(entry.latinName)
        }
    }
}

struct LatestSpecimenEntry: TimelineEntry {
    let date: Date
    let latinName: String
}

struct LatestSpecimenProvider: TimelineProvider {
    func placeholder(in context: Context) -> LatestSpecimenEntry { LatestSpecimenEntry(date: .now, latinName: "Bellis perennis") }
    func getSnapshot(in context: Context, completion: @escaping (LatestSpecimenEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<LatestSpecimenEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
