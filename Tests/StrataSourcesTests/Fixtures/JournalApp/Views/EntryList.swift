import SwiftUI
import SwiftData

struct EntryList: View {
    @Query(sort: \Entry.title) private var entries: [Entry]

    var body: some View {
        List(entries) { entry in
            Text(entry.title)
        }
    }
}
