import SwiftData
import SwiftUI

struct ShelfView: View {
    @Query(sort: \Item.name) private var items: [Item]

    var body: some View {
        List(items) { item in
            HStack {
                Text(item.name)
                Spacer()
                Text("\(item.quantity)")
            }
        }
    }
}
