import SwiftData
import SwiftUI
import WidgetKit

struct NextTrailProvider: TimelineProvider {
    func placeholder(in context: Context) -> NextTrailEntry { NextTrailEntry(date: .now, name: "Ridge loop") }

    func getSnapshot(in context: Context, completion: @escaping (NextTrailEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<NextTrailEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}

struct NextTrailEntry: TimelineEntry {
    let date: Date
    let name: String
}
