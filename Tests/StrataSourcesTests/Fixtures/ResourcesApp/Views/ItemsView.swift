import SwiftUI
import SwiftData

struct ItemsView: View {
    @Query(sort: \Item.name) private var items: [Item]

    var body: some View {
        NavigationStack {
            List(items) { item in
                Text(item.name)
            }
            .navigationTitle("Items")
        }
    }
}
