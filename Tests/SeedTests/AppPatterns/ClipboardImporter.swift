import Foundation
import Strata

/// A background import of clipboard history, written as apps write one (Swift 5 mode).
@ModelActor
actor ClipboardImporter {
    func importItems(_ titles: [String]) throws -> [PersistentIdentifier] {
        var items: [ClipboardSchema.HistoryItem] = []
        for title in titles {
            let item = ClipboardSchema.HistoryItem(title: title)
            modelContext.insert(item)
            items.append(item)
        }
        try modelContext.save()
        return items.map(\.persistentModelID)
    }

    func title(of id: PersistentIdentifier) -> String? {
        self[id, as: ClipboardSchema.HistoryItem.self]?.title
    }
}
